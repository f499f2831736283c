package supervisor

import "testing"

// TestComparedSides: with a difference before "more … than", the
// comparison is between the sides' own figures, converted or not.
func TestComparedSides(t *testing.T) {
	// RSS: firefox 1153024 KiB, gnome-shell 452112 KiB, dockerd 251904 KiB.
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		{"difference smaller than the second side", laptop,
			"gnome-shell (452112 KiB ≈ 441 MiB) uses roughly 195 MiB more RSS than dockerd (251904 KiB ≈ 246 MiB).",
			"gnome-shell (452112 KiB ≈ 441 MiB) uses roughly 195 MiB less RSS than dockerd (251904 KiB ≈ 246 MiB)."},
		{"difference smaller, bare sides", laptop,
			"gnome-shell at 452112 KiB uses about 195 MiB more memory than dockerd at 251904 KiB.",
			"dockerd at 251904 KiB uses about 195 MiB more memory than gnome-shell at 452112 KiB."},
		{"difference with conversions in brackets", laptop,
			"firefox (1153024 KiB ≈ 1.1 GiB) uses roughly 680 MiB more RSS than gnome-shell (452112 KiB ≈ 441 MiB).",
			"gnome-shell (452112 KiB ≈ 441 MiB) uses roughly 680 MiB more RSS than firefox (1153024 KiB ≈ 1.1 GiB)."},
		{"difference with bare sides", laptop,
			"firefox at 1153024 KiB uses about 680 MiB more memory than gnome-shell at 452112 KiB.",
			"firefox at 1153024 KiB uses about 680 MiB less memory than gnome-shell at 452112 KiB."},
	})
}

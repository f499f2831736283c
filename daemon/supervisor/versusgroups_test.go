package supervisor

import "testing"

// TestVersusGroups: "X (…) vs Y (…)" after two processes gives X to the
// first, Y to the second; after a comparative clause with no "than", the
// first figure is the clause's subject's.
func TestVersusGroups(t *testing.T) {
	// firefox (PID 4242): 12.3% CPU, 7.4% MEM, RSS 1153024 KiB;
	// gnome-shell (PID 2210): 1.0% CPU, 2.9% MEM, RSS 452112 KiB.
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		{"sides in order, with restating brackets", laptop,
			"**firefox** (PID 4242) uses about twice the memory of **gnome-shell** (PID 2210): 1153024 KiB (~1.1 GiB, 7.4%) vs 452112 KiB (~442 MiB, 2.9%).",
			"**firefox** (PID 4242) uses about twice the memory of **gnome-shell** (PID 2210): 452112 KiB (~442 MiB, 2.9%) vs 1153024 KiB (~1.1 GiB, 7.4%)."},
		{"sides in order, bare", laptop,
			"Memory of firefox and gnome-shell: 7.4% vs 2.9%.",
			"Memory of firefox and gnome-shell: 2.9% vs 7.4%."},
		{"subject of a comparative, other in the sentence before", laptop,
			"firefox (PID 4242) uses more memory than gnome-shell (PID 2210). firefox is far busier on CPU too, 12.3% vs 1.0%.",
			"firefox (PID 4242) uses more memory than gnome-shell (PID 2210). gnome-shell is far busier on CPU though, 12.3% vs 1.0%."},
	})
}

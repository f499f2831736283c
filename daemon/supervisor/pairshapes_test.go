package supervisor

import "testing"

// TestPairingShapes checks the shapes of blind round 33–34 where true
// answers paired figures with the wrong item: a bracket's figures belong
// to the name it follows, not to the last word inside it.
func TestPairingShapes(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		{"a field word closing a bracket before a verb", laptop,
			"firefox (PID 4242, 1153024 KiB RSS) uses far more memory than gnome-shell (452112 KiB).",
			"firefox (PID 4242, 452112 KiB RSS) uses far more memory than gnome-shell (1153024 KiB)."},
	})
}

package supervisor

import "testing"

// TestPIDItems: a comma item with its own name and figure is its own
// subject; the PID of the item before it is not that name's.
func TestPIDItems(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop")) // 4391 is firefox's, 2210 gnome-shell's
	checkPairs(t, []pair{
		{"a PID item, then a name item", laptop, "PID 4391 at 4.2%, gnome-shell at 2.9%.", "PID 4391 at 4.2%, gnome-shell at 4.2%."},
		{"items joined by and", laptop, "PID 4391 at 4.2% and gnome-shell at 2.9%.", "PID 4391 at 2.9% and gnome-shell at 2.9%."},
		{"a PID beside its name stays paired", laptop, "gnome-shell, PID 2210, at 2.9%.", "gnome-shell, PID 4391, at 2.9%."},
	})
}

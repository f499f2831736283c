package supervisor

import "testing"

// TestBoundNamedRows: "everything else" after a sentence that names rows
// sets aside each PID and each name with no PID beside it, once.
func TestBoundNamedRows(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		{"a name with no PID beside two PIDs", laptop,
			"The biggest memory users are PID 4242 (7.4%) and PID 4391 (4.2%), followed a good way behind by the gnome-shell process at 2.9%. Everything else is under 2%.",
			"The biggest memory users are PID 4242 (7.4%) and PID 4391 (4.2%), followed a good way behind by the gnome-shell process at 2.9%. Everything else is under 1%."},
		{"a name with its PID beside it is one row", laptop,
			"The biggest memory users are firefox (PID 4242, 7.4%) and PID 4391 (4.2%), followed a good way behind by the gnome-shell process at 2.9%. Everything else is under 2%.",
			"Top memory: firefox (PID 4242, 7.4%) and gnome-shell (2.9%). Everything else is under 2%."},
	})
}

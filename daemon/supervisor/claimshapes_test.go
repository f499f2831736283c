package supervisor

import "testing"

// TestClaimShapes checks shapes false answers took in the blind rounds,
// each with a true answer that must stay grounded and the same shape with
// one fact wrong that must not.
func TestClaimShapes(t *testing.T) {
	ev := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt", "lscpu.txt")
	tests := []pair{
		{"top consumer as the predicate", ev, "firefox (PID 4242) is the top memory user.", "gnome-shell (PID 2210) is the top memory user."},
		{"top consumer of a measure", ev, "The top consumer of memory is firefox.", "The top consumer of memory is gnome-shell."},
	}
	checkPairs(t, tests)
}

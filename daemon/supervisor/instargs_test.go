package supervisor

import "testing"

// TestInstancesByArguments checks that "N <name> <args> processes" counts
// only the rows whose command reads those arguments after the name, even
// when a role word ("worker") follows them.
func TestInstancesByArguments(t *testing.T) {
	host17 := EvidenceText(scenario(t, "host17"))
	tests := []pair{
		{"name and arguments, a role word", host17,
			"There are two python3 -c worker processes.",
			"There are three python3 -c worker processes."},
	}
	checkPairs(t, tests)
}

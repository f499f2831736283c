package supervisor

import "testing"

// TestQuantifierInBrackets: a ", " inside brackets parts no segment, so
// "all on 0.0.0.0" in a bracket after the listeners is no reach said of
// every listener, and the listeners named are judged themselves.
func TestQuantifierInBrackets(t *testing.T) {
	ss := evidence(t, "ss.txt")
	checkPairs(t, []pair{
		{"listeners named before 'all' in a bracket", ss,
			"The listeners (sshd, nginx, all on 0.0.0.0) are exposed.",
			"The listeners (sshd, cupsd, all on 0.0.0.0) are exposed."},
	})
}

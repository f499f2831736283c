package supervisor

import "testing"

// TestHedgedServiceGuesses checks that any hedge (hedges.go) before a
// service makes it a guess about a port whose sockets show no owner,
// not only the words guessWords adds.
func TestHedgedServiceGuesses(t *testing.T) {
	host12 := EvidenceText(scenario(t, "host12"))
	checkPairs(t, []pair{
		{"a hedge phrase before the port", host12,
			"I think port 2024 is the SSH server.",
			"Port 2024 is the SSH server."},
		{"a hedge that guessWords lacks", host12,
			"Chances are port 2024 is the SSH server.",
			"Port 2024 is the SSH daemon."},
	})
}

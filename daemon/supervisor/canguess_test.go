package supervisor

import "testing"

// TestCanBeGuess checks "can be" as a guess of an ownerless port's service
// ("Port 2024 can be the SSH server"): it claims no identity, where "is"
// does; "can" before another verb ("you can reach it") guesses nothing.
func TestCanBeGuess(t *testing.T) {
	host12 := EvidenceText(scenario(t, "host12"))
	checkPairs(t, []pair{
		{"can be guesses a service", host12, "Port 2024 can be the SSH server, listening on 0.0.0.0.",
			"Port 2024 is the SSH server, listening on 0.0.0.0."},
		{"can before another verb guesses nothing", host12, "",
			"Port 2024 is the SSH server, which you can reach on 0.0.0.0."},
	})
	if h := Hedges("Port 2024 can be the SSH server."); len(h) != 0 {
		t.Errorf("can be is a guess of a service, not a hedge of the answer: %q", h)
	}
}

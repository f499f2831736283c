package supervisor

import "testing"

// TestOthersCombined checks "X uses more than all the other processes
// combined" against the sum of the other ps rows.
func TestOthersCombined(t *testing.T) {
	host19 := EvidenceText(scenario(t, "host19"))
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"memory against the rest", host19,
			"python3 (PID 24505) uses more memory than all the other processes combined, at 3.7%.",
			"The compile process (PID 25164) uses more memory than all the other processes combined."},
		{"CPU against everything else", server,
			"",
			"The postgres checkpointer (PID 2231) uses more CPU than everything else put together: 38.6%."},
		{"the others use less", host19,
			"All the other processes combined use less memory than python3 (PID 24505).",
			"All the other processes combined use less memory than PID 25164."},
		{"the rest together", host19,
			"PID 24505 holds more RAM than the rest together.",
			"PID 25138 holds more RAM than the rest together."},
	}
	checkPairs(t, tests)
}

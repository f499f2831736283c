package supervisor

import "testing"

// TestProcessResults: a result (found, finished, failed) said of a process
// that only ps shows is not in the evidence, which shows what it runs.
func TestProcessResults(t *testing.T) {
	host16 := EvidenceText(scenario(t, "host16"))
	host29 := EvidenceText(scenario(t, "host29"))
	checkPairs(t, []pair{
		{"a checker said to have found problems", host16,
			"staticcheck (PID 7451) is running with ./... at 28.7% CPU.",
			"staticcheck (PID 7451) has found problems in ./..., you should fix them."},
		{"a server said to have detected an attack", host29,
			"sshd (PID 21409) listens on port 22 on 10.77.0.1.",
			"sshd (PID 21409) has detected a brute-force attack on port 22."},
		{"a result as a possibility", host16,
			"staticcheck (PID 7451) may have found problems; its output would tell.", ""},
	})
}

package supervisor

import "testing"

// TestProcessShares checks a share of all processes where the probes
// list only the top ones, and a share of the listed rows, which is not
// a share of them all.
func TestProcessShares(t *testing.T) {
	host22 := EvidenceText(scenario(t, "host22"))
	host10 := EvidenceText(scenario(t, "host10"))
	tests := []pair{
		{"share of all the processes", host22,
			"There are 91 processes in total.",
			"There are 91 processes, and most of them are idle kernel threads."},
		// 75% is in the evidence (a CPU share), so only this rule finds
		// the share missing.
		{"percent of them", host10,
			"There are 90 processes running.",
			"There are 90 processes running; 75% of them are kernel workers."},
		{"share after its set", host10,
			"Of the 50 listed processes, most use almost no memory.",
			"Of the 90 processes, the majority are kernel threads."},
		{"them of the sentence before", host22,
			"There are 91 processes. The biggest memory user is python3 (PID 2112).",
			"There are 91 processes. Most of them are idle kernel threads."},
		{"share of the listed rows", host22,
			"Most of the listed processes use almost no memory.", ""},
	}
	checkPairs(t, tests)
}

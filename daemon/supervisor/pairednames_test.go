package supervisor

import "testing"

// TestPairedNameTimes checks a list of names and then as many clock times
// without "respectively" ("CPU1 and CPU0 … at 18:56:32 and 18:56:33"): they
// pair in order, so a swapped pairing stays wrong.
func TestPairedNameTimes(t *testing.T) {
	host33 := EvidenceText(scenario(t, "host33"))
	host34 := EvidenceText(scenario(t, "host34"))
	checkPairs(t, []pair{
		{"two names then two times", host34,
			"CPU1 and CPU0 hit their temperature thresholds at 18:56:32 and 18:56:33.",
			"CPU0 and CPU1 hit their temperature thresholds at 18:56:32 and 18:56:33."},
		{"times in the wrong order", host33,
			"The kernel throttled CPU1 and CPU0 at 18:55:59 and 18:56:00.",
			"The kernel throttled CPU1 and CPU0 at 18:56:00 and 18:55:59."},
	})
}

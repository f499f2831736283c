package supervisor

import "testing"

// TestSwapStates: swap said all free must show none used, and swap said
// fully used must show (almost) none free.
func TestSwapStates(t *testing.T) {
	host24 := EvidenceText(scenario(t, "host24"))
	host25 := EvidenceText(scenario(t, "host25"))
	host28 := EvidenceText(scenario(t, "host28"))
	checkPairs(t, []pair{
		{"swap all of it free", host24,
			"Swap: 511Mi total, 507Mi of it free.",
			"Swap: 511Mi total, all of it free."},
		{"swap entirely free", host25,
			"Swap is 1.0Gi with 580Ki used.",
			"Swap is 1.0Gi and entirely free."},
		{"swap fully used", host28,
			"Swap: 255Mi total, 12Mi used, 243Mi free.",
			"Swap is fully used (255Mi), which explains the slowdowns."},
		{"swap completely full", host24,
			"Swap has 4.1Mi used of 511Mi.",
			"Swap is 511Mi and completely full."},
		{"swap not full", host25,
			"Swap is not full: 580Ki used of 1.0Gi.", ""},
	})
}

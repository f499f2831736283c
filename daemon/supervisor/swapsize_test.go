package supervisor

import "testing"

// TestSwapSizes: a swap size after a sentence that ends on a field word
// is the swap's total, and "no swap (0B)" gives swap's own size.
func TestSwapSizes(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	host14 := EvidenceText(scenario(t, "host14"))
	checkPairs(t, []pair{
		{"swap total after a sentence ending in used", laptop, "Memory: 6.1Gi of 15Gi is used. Swap is 2.0Gi with 1.1Gi used.", "Memory: 6.1Gi of 15Gi is used. Swap is 4.0Gi with 1.1Gi used."},
		{"swap total, of which used", server, "RAM is 31Gi with 12Gi used. Swap is 4.0Gi, of which 256Mi is used.", "RAM is 31Gi with 12Gi used. Swap is 2.0Gi, of which 256Mi is used."},
		{"no swap with its size", host14, "Memory: 23Gi total, 3.5Gi used, and no swap (0B).", "Memory: 23Gi total, 3.5Gi used, and no swap (2.0Gi)."},
		{"no swap, colon and size", host14, "23Gi of RAM and no swap: 0B.", ""},
		{"no swap where there is swap", laptop, "", "Memory: 15Gi total, and no swap (0B)."},
	})
}

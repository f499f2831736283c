package supervisor

import "testing"

// TestMemoryFree: memory said free is free's free column, not its
// available one.
func TestMemoryFree(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"free after used", laptop,
			"Memory: 15Gi total, 6.1Gi used, 3.2Gi free.",
			"Memory: 15Gi total, 6.1Gi used, 9.3Gi free."},
		{"free and available", server,
			"RAM: 31Gi total, 12Gi used, 3.9Gi free and 18Gi available.",
			"RAM: 31Gi total, 12Gi used, 18Gi free and 18Gi available."},
	})
}

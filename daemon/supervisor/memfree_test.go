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
		// free -h rounds its cells; the typed bytes round the other
		// way: 11.5 GiB free is printed 11Gi, and 12Gi is available.
		{"free's printed cell, not another column's", freeRounded,
			"Memory: 15Gi total, 3.1Gi used, 11Gi free.",
			"Memory: 15Gi total, 3.1Gi used, 12Gi free."},
		{"a finer figure is the bytes'", freeRounded,
			"Memory: 15Gi total, 11.5 GiB free.",
			"Memory: 15Gi total, 12.5 GiB free."},
	})
}

// freeRounded is free -h with its typed data, where the free bytes
// (11.5 GiB) round to the available column's printed 12Gi.
const freeRounded = "probe memory_info free -h\n" +
	"               total        used        free      shared  buff/cache   available\n" +
	"Mem:            15Gi       3.1Gi        11Gi       210Mi       1.0Gi        12Gi\n" +
	"Swap:          2.0Gi          0B       2.0Gi\n" +
	"\n" +
	"available_bytes 12900000000 B\n" +
	"free_bytes 12400000000 B\n" +
	"total_bytes 16106127360 B\n" +
	"used_bytes 3328599654 B\n"

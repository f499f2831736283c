package supervisor

import "testing"

// TestSwapUnusedAfterTurn checks swap said unused after "but" ("Swap
// (255Mi) is there but nothing of it is used"): its total and its use are
// both judged by free's Swap row.
func TestSwapUnusedAfterTurn(t *testing.T) {
	unused := "probe memory_info free -h\n               total        used        free\nMem:            23Gi       2.8Gi        17Gi\nSwap:          255Mi          0B       255Mi\n"
	host28 := EvidenceText(scenario(t, "host28")) // Swap: 255Mi, 12Mi used
	checkPairs(t, []pair{
		{"nothing of it used after but", unused, "Swap (255Mi) is there but nothing of it is used.", "Swap (512Mi) is there but nothing of it is used."},
		{"swap used in part", host28, "Swap (255Mi) is there and 12Mi of it is used.", "Swap (255Mi) is there but nothing of it is used."},
		{"it is not used after but", unused, "Swap (255Mi) exists but it is not used.", ""},
		{"none of it used after but", host28, "", "Swap (255Mi) is there, but none of it is used."},
	})
}

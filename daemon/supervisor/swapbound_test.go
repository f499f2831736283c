package supervisor

import "testing"

// TestSwapShareBound: "less than half", "more than a quarter" bound the
// used part by the share's own value, not by the ends of the range the
// bare share allows ("half" holds from 30% to 70%).
func TestSwapShareBound(t *testing.T) {
	free := func(used string) string {
		return "probe memory_info free -h\n               total        used        free\nMem:            23Gi       2.8Gi        17Gi\nSwap:          2.0Gi       " + used + "       1.0Gi\n"
	}
	most, little := free("1.3Gi"), free("0.7Gi") // 65% and 35% used
	checkPairs(t, []pair{
		{"less than half at 65%", most,
			"More than half of the swap is used.",
			"Less than half of the swap is used."},
		{"more than half at 35%", little,
			"Less than half of the swap is used.",
			"More than half of the swap is used."},
		{"under a third at 40%", free("0.8Gi"),
			"Over a third of the swap is used.",
			"Under a third of the swap is used."},
	})
}

package supervisor

import "testing"

// TestSwapNearlyUnused checks swap said nearly unused ("basically
// untouched"): a sliver of it in use holds, a real share does not, and
// plain "untouched" still needs none.
func TestSwapNearlyUnused(t *testing.T) {
	sliver := "probe memory_info free -h\n               total        used        free\nMem:            15Gi       4.1Gi       9.0Gi\nSwap:          8.0Gi       2.5Mi       8.0Gi\n"
	share := "probe memory_info free -h\n               total        used        free\nMem:            15Gi       4.1Gi       9.0Gi\nSwap:          8.0Gi       1.2Gi       6.8Gi\n"
	checkPairs(t, []pair{
		{"basically untouched", sliver, "Swap is basically untouched.", "Swap is untouched."},
		{"virtually unused, a share used", share, "", "Swap is virtually unused."},
	})
}

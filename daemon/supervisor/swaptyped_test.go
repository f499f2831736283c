package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// memoryEvidence is evidence of free -h printing stdout with typed data,
// then the results of more.
func memoryEvidence(stdout string, data map[string]uint64, more ...rpc.ProbeResult) string {
	in := Input{Results: append([]rpc.ProbeResult{{Probe: "memory_info", Command: "free -h", Stdout: stdout, Data: data}}, more...)}
	return EvidenceText(in)
}

// TestTypedSwap checks the swap rules on the typed swap_ sizes alone, and
// that only memory_info's swap counts.
func TestTypedSwap(t *testing.T) {
	const gib = 1 << 30
	full := memoryEvidence("", map[string]uint64{"swap_total_bytes": 4 * gib, "swap_used_bytes": 4 * gib, "swap_free_bytes": 0})
	half := memoryEvidence("", map[string]uint64{"swap_total_bytes": 4 * gib, "swap_used_bytes": 2 * gib, "swap_free_bytes": 2 * gib})
	none := memoryEvidence("", map[string]uint64{"swap_total_bytes": 0, "swap_used_bytes": 0, "swap_free_bytes": 0})
	unusedOnly := memoryEvidence("", map[string]uint64{"total_bytes": 16 * gib, "swap_used_bytes": 0})
	// Another probe's swap_ sizes say nothing of this machine's swap.
	other := rpc.ProbeResult{Probe: probes.TopMemory, Command: "ps", Data: map[string]uint64{"swap_total_bytes": 0, "swap_used_bytes": 0, "swap_free_bytes": 0}}
	configured := memoryEvidence("", map[string]uint64{"swap_total_bytes": 4 * gib, "swap_used_bytes": 2 * gib, "swap_free_bytes": 2 * gib}, other)
	checkPairs(t, []pair{
		{"swap full from typed sizes", full, "Swap is completely full.", ""},
		{"swap not full from typed sizes", half, "", "Swap is completely full."},
		{"no swap from a typed total of 0", none, "There is no swap.", ""},
		{"no swap needs the total, not only none used", unusedOnly, "", "There is no swap."},
		{"no swap from another probe's sizes", configured, "", "There is no swap."},
	})
}

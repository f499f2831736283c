package supervisor

import "testing"

// TestWorkedOutShares checks percentages an answer works out from sizes:
// where the entity's record prints a share, that share decides; a
// percentage in a sentence about the machine's memory is a memory share,
// not any figure near it.
func TestWorkedOutShares(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	host17 := EvidenceText(scenario(t, "host17"))
	tests := []pair{
		{"df's printed share over used/size", host17,
			"Root disk /dev/vda: 252G size, 13G used, 79G free – 14% used.",
			"Root disk /dev/vda: 252G size, 13G used, 79G free – only 5% used."},
		{"df's printed share, another mount", laptop,
			"/home: 916G, 512G used, 358G available – 59% used.",
			"/home: 916G, 512G used, 358G available – 56% used."},
		{"ratio of memory sizes", laptop,
			"Memory usage is 6.1Gi of 15Gi, which is about 40%, with 9.3Gi still available.",
			"Memory usage is 6.1Gi of 15Gi, which is about 90%, with 9.3Gi still available."},
		{"memory share beside a disk share", laptop,
			"Memory is fine: 9.3Gi of 15Gi available, and the disk is 90% used.",
			"Memory is fine: 9.3Gi of 15Gi available, and the disk is 80% used."},
	}
	checkPairs(t, tests)
}

// TestVirtualSizes checks that a process's virtual size (ps VSZ, the
// kernel's OOM total-vm) only matches what the answer calls virtual.
func TestVirtualSizes(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	tests := []pair{
		{"resident size of a killed process", laptop,
			"The OOM killer killed java (PID 6650), which had about 4 GiB resident in memory.",
			"The OOM killer killed java (PID 6650), which had about 9 GB resident in memory."},
		{"kernel's total-vm", laptop,
			"java (PID 6650) had a total-vm of 8.7 GiB when it was killed.",
			"java (PID 6650) had a total-vm of 4 GiB when it was killed."},
		{"virtual size after 'of'", laptop,
			"firefox has a virtual size of 11.2 GiB.", "firefox has a virtual size of 1.1 GiB."},
	}
	checkPairs(t, tests)
}

package supervisor

import "testing"

// TestCPULabelShapes checks CPU facts given as labels ("Threads per core:
// 2", "Logical CPUs: 16"): each label's count is its own noun's, and a
// number is never a count of the next line's noun.
func TestCPULabelShapes(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	host24 := EvidenceText(scenario(t, "host24"))
	checkPairs(t, []pair{
		{"a dash list of CPU labels", server,
			"CPU:\n\n- **Cores:** 16 (per socket)\n- **Threads per core:** 2\n- **Logical CPUs:** 32",
			"CPU:\n\n- **Cores:** 16 (per socket)\n- **Threads per core:** 4\n- **Logical CPUs:** 32"},
		{"CPU labels in one line", server,
			"Threads per core: 2, logical CPUs: 32.",
			"Threads per core: 2, logical CPUs: 16."},
		{"a per-socket label", host24,
			"Sockets: 1\nCores per socket: 2\nCPUs: 2",
			"Sockets: 1\nCores per socket: 1\nCPUs: 2"},
		// lscpu has no threads per socket: the label reads a plain number.
		{"a count per socket lscpu has no key for", server,
			"Sockets: 1, cores per socket: 16, threads per socket: 32.",
			"Sockets: 1, cores per socket: 16, threads per socket: 64."},
		{"a number before a line break counts no noun after it", host24,
			"Threads per core — 1\nCPUs — 2",
			""},
	})
}

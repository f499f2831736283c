package supervisor

import "testing"

// TestTerseShapes covers note-style replies: signs for "about" and
// states without a verb.
func TestTerseShapes(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	host12 := EvidenceText(scenario(t, "host12"))
	checkPairs(t, []pair{
		{"tilde before a size", server, "dockerd pid 3120: rss ~1.0G, 6.6% mem", "dockerd pid 3120: rss ~2.0G, 6.6% mem"},
		{"tilde before a percentage", server, "postgres pid 2231 ~39% cpu", "postgres pid 2231 ~60% cpu"},
		{"approx sign before a size", server, "dockerd (PID 3120) holds ≈ 1 GiB resident.", "dockerd (PID 3120) holds ≈ 3 GiB resident."},
		{"tilde path stays a path", evidence(t, "ps_aux_mem.txt"), "firefox (PID 4242) uses 12.3% CPU.", "firefox (PID 4242) uses 12.3% CPU; its cache is under ~/.cache."},
		{"interface then state", host12, "eth0 up; ifb0 down", "eth0 down; ifb0 up"},
		{"interface, address, state", host12, "eth0 192.0.2.2/24 up, ifb1 down", "eth0 192.0.2.2/24 down, ifb1 down"},
		{"interface with colon then state", host12, "ifb0: down, eth0: up", "ifb0: up, eth0: up"},
		{"bringing an interface up is no state", host12, "ifb0 is down; you could bring ifb0 up with `ip link set ifb0 up`.", "ifb0 is up; you could bring ifb0 down with `ip link set ifb0 down`."},
	})
}

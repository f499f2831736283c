package supervisor

import "testing"

// TestRouteClauses checks that a destination prefix and a gateway are
// tied to the device after "on", "over" or "dev" in their route clause,
// and that a gateway said of a destination is that route's next hop.
func TestRouteClauses(t *testing.T) {
	host22 := EvidenceText(scenario(t, "host22"))
	host24 := EvidenceText(scenario(t, "host24"))
	tests := []pair{
		{"the device after the gateway, not the interface before", host22,
			"ifb1 has 10.77.0.1/24, and 203.0.113.0/24 is reached via 192.0.2.254 over eth0.",
			"ifb1 has 10.77.0.1/24, and 203.0.113.0/24 is reached via 192.0.2.254 over ifb1."},
		{"the default route's device after it", host22,
			"Routes: 10.77.0.0/24 is directly on ifb1, and everything else uses the default route via 192.0.2.1 on eth0.",
			"Routes: 203.0.113.0/24 goes via 192.0.2.254 on eth0, and everything else uses the default route via 192.0.2.1 on ifb1."},
		{"a reached prefix's gateway is no address of the machine", host24,
			"203.0.113.0/24 is reached via 192.0.2.254 on eth0.",
			"203.0.113.0/24 is reached via 192.0.2.1 on eth0."},
		{"the default route's own gateway", host24,
			"The default route goes via 192.0.2.1 on eth0.",
			"The default route goes via 192.0.2.254 on eth0."},
		{"an arrow from a destination to its gateway", host22,
			"Routes:\n- default → 192.0.2.1 on eth0\n- 203.0.113.0/24 → 192.0.2.254 (eth0)",
			"Routes:\n- default → 192.0.2.254 on eth0\n- 203.0.113.0/24 → 192.0.2.1 (eth0)"},
		{"a destination named a network or subnet", host24,
			"The 203.0.113.0/24 network is reached via 192.0.2.254 on eth0.",
			"The 203.0.113.0/24 network is reached via 192.0.2.1 on eth0."},
		{"a subnet's gateway in a second clause", host22,
			"eth0 is up; the 203.0.113.0/24 subnet is routed via 192.0.2.254.",
			"eth0 is up; the 203.0.113.0/24 subnet is routed via 192.0.2.1."},
		{"a gateway beside an on-link network is not that network's", host24,
			"eth0 is on 192.0.2.0/24 with gateway 192.0.2.1.", ""},
	}
	checkPairs(t, tests)
}

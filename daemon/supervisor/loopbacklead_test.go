package supervisor

import "testing"

// TestLoopbackLead: an address after "loopback" or "localhost" is lo's,
// not the interface listed before it.
func TestLoopbackLead(t *testing.T) {
	host33 := EvidenceText(scenario(t, "host33"))
	checkPairs(t, []pair{
		{"loopback after a listed interface", host33,
			"IPv4: **eth0** 192.0.2.2/24, **veth-db** 10.20.0.10/24, plus loopback 127.0.0.1.",
			"IPv4: **eth0** 192.0.2.2/24, plus loopback 10.20.0.10."},
		{"the loopback interface", host33,
			"veth-db has 10.20.0.10/24 and the loopback interface has 127.0.0.1/8.",
			"eth0 has 192.0.2.2/24 and localhost is 192.0.2.2."},
	})
}

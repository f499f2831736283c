package supervisor

import "testing"

// TestRoutedPrefixGateway checks that an address after "through" with a
// network prefix before it is judged as a route's gateway.
func TestRoutedPrefixGateway(t *testing.T) {
	host24 := EvidenceText(scenario(t, "host24"))
	tests := []pair{
		{"prefix goes through a gateway", host24,
			"The default route is via 192.0.2.1 on eth0, and 203.0.113.0/24 goes through 192.0.2.254.",
			"The default route is via 192.0.2.1 on eth0, and 203.0.113.0/24 goes through 192.0.2.2."},
		{"prefix is sent through a gateway", host24,
			"Traffic for 203.0.113.0/24 is sent through 192.0.2.254 on eth0.",
			"Traffic for 203.0.113.0/24 is sent through 192.0.2.253 on eth0."},
	}
	checkPairs(t, tests)
}

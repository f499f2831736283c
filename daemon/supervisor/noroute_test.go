package supervisor

import "testing"

// TestNoRoute checks that a destination denied a route is true when ip
// route lacks it and missing when ip route has it.
func TestNoRoute(t *testing.T) {
	host16 := EvidenceText(scenario(t, "host16"))
	host27 := EvidenceText(scenario(t, "host27"))
	tests := []pair{
		{"no route for a prefix", host16,
			"The default route is via 192.0.2.1 on eth0. There's no route for 172.16.0.0/16.",
			"The default route is via 192.0.2.1 on eth0. There's no route for 192.0.2.0/24."},
		{"no route to a prefix", host27,
			"There is no route to 10.99.0.0/24; 10.77.0.0/24 is connected on ifb1.",
			"There is no route to 10.77.0.0/24."},
	}
	checkPairs(t, tests)
}

// TestBracketTag checks that a name first in a bracket right after an
// item is the item's, not an entity's said before it.
func TestBracketTag(t *testing.T) {
	host27 := EvidenceText(scenario(t, "host27"))
	tests := []pair{
		{"prefixes tagged with their devices", host27,
			"The default route is via 192.0.2.1 dev eth0, plus connected routes for 10.77.0.0/24 (ifb1) and 172.16.0.0/16 (ifb0).",
			"The default route is via 192.0.2.1 dev eth0, plus connected routes for 10.77.0.0/24 (ifb0) and 172.16.0.0/16 (ifb1)."},
	}
	checkPairs(t, tests)
}

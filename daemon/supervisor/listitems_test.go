package supervisor

import "testing"

// TestWholeListItems checks that an address and port that make up a whole
// comma item of a list are not tied to the name of the item after it.
func TestWholeListItems(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"address:port alone before a named item", server,
			"Three listeners: 0.0.0.0:443, redis-server on 127.0.0.1:6379, and annad on 0.0.0.0:7070.",
			"Three listeners: 0.0.0.0:443, redis-server on 0.0.0.0:6379, and annad on 0.0.0.0:7070."},
	}
	checkPairs(t, tests)
}

package supervisor

import "testing"

// TestWholeListItems checks that an address and port that make up a whole
// comma item of a list are not tied to the name of the item after it,
// and that a list of sockets after a list of PIDs pairs with them.
func TestWholeListItems(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"address:port alone before a named item", server,
			"Three listeners: 0.0.0.0:443, redis-server on 127.0.0.1:6379, and annad on 0.0.0.0:7070.",
			"Three listeners: 0.0.0.0:443, redis-server on 0.0.0.0:6379, and annad on 0.0.0.0:7070."},
		{"two PIDs then two addresses", server,
			"Two processes hold local ports: PID 1790 and PID 2231, on 127.0.0.1:6379 and 127.0.0.1:5432.",
			"Two processes hold local ports: PID 1790 and PID 2231, on 127.0.0.1:6379 and 0.0.0.0:7070."},
	}
	checkPairs(t, tests)
}

package supervisor

import "testing"

// TestPortAddrs: one port and one address of a sentence are one socket's,
// but an address after "not on" binds nothing.
func TestPortAddrs(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"a denied address is not the port's", server,
			"sshd listens on port 22, not on 127.0.0.1.",
			"Port 22 is bound to 127.0.0.1."},
		{"a denied address beside the port's own", server,
			"Port 5432 listens on 127.0.0.1, not on 0.0.0.0.",
			"Port 22 listens on 127.0.0.1, not on 0.0.0.0."},
	})
}

package supervisor

import "testing"

// TestListenerPIDs: a PID said to be, or to have, a listener's is that ss
// row's owner, of the address the answer gives too.
func TestListenerPIDs(t *testing.T) {
	web := EvidenceText(scenario(t, "host28"))
	ssh := EvidenceText(scenario(t, "host26"))
	checkPairs(t, []pair{
		{"listener is PID", web,
			"The node listening on 0.0.0.0:3000 is PID 28983.",
			"The node listening on 0.0.0.0:3000 is PID 28985."},
		{"listener has PID", ssh,
			"The sshd on [::]:22 has PID 20565.",
			"The sshd on [::]:22 has PID 20563."},
		{"PID is the listener", web,
			"PID 28985 is the node listening on [::]:3000.",
			"PID 28983 is the node listening on [::]:3000."},
		{"listener owned by a name and its PID", ssh,
			"[::]:22 is owned by sshd (PID 20565).",
			"[::]:22 is owned by sshd (PID 20563)."},
		{"listener with its name in brackets has PID", web,
			"The process on [::]:3000 (node) has PID 28985.",
			"The process on [::]:3000 (node) has PID 28983."},
		{"a port alone may be any of its sockets", web,
			"node on port 3000 is PID 28985.",
			"node on port 3000 is PID 28981."},
	})
}

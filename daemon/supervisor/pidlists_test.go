package supervisor

import "testing"

// TestPIDLists checks PIDs in a terse listener list's brackets, several
// in one or after the owner's name, and a causal clause's "either", on
// scenarios other than the ones that showed the shapes.
func TestPIDLists(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	host19 := EvidenceText(scenario(t, "host19"))
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"PIDs after the owner's name", laptop, "tcp 22 on 0.0.0.0 (sshd 812), tcp 80 on 0.0.0.0 (nginx 930, 931).",
			"tcp 22 on 0.0.0.0 (sshd 930), tcp 80 on 0.0.0.0 (nginx 812)."},
		{"several PIDs in a bracket", laptop, "Listening: 22 sshd (812), 80 nginx (930, 931).",
			"Listening: 22 sshd (812), 80 nginx (930, 700)."}, // 700 is cupsd's
		// A protocol before a port still lets it open its item, so the
		// name right after it owns it, not the item before it.
		{"protocol, port and owner items", server, "Listening: 22 sshd (977), redis-server (1790) on 127.0.0.1, tcp 443 nginx (1544).",
			"Listening: 22 sshd (977), nginx (1544) on 0.0.0.0, tcp 443 redis-server (1790)."},
		// An address after "not on" is tied to no entity, yet must exist.
		{"a denied address", server, "redis-server listens only on 127.0.0.1, the address of lo — not on 10.20.30.41.",
			"redis-server listens only on 10.20.30.41, the address of eno1 — not on 127.0.0.1."},
		{"a denied address the evidence lacks", server, "", "redis-server listens only on 127.0.0.1, the address of lo — not on 10.20.30.99."},
		// A denied address must not be the named listener's.
		{"an address denied of a listener", server, "redis-server (PID 1790) is bound to 127.0.0.1 and not to 0.0.0.0.",
			"redis-server (PID 1790) is bound to 0.0.0.0 and not to 127.0.0.1."},
		{"an address denied of a program", server, "", "redis-server listens on port 6379, not on 127.0.0.1."},
		// "either" is grammar in a causal clause, not a claimed cause.
		{"either in a cause", host19, "The failed-units check failed because there is no connection to the systemd system bus, and the journal couldn't be read either.",
			"The failed-units check failed because the dbus daemon crashed, and the journal couldn't be read either."},
	})
}

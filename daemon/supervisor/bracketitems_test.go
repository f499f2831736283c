package supervisor

import "testing"

// TestBracketItems covers what a bracket in a listener list is about: a
// PID pairs with the name inside its own bracket before it, not with the
// next item's (attribution.go's partner), and a bracket after a port and
// qualifying words is that port's, not the next item's after "and"
// (annotations.go), nor does a list of PIDs go on past the bracket that
// holds it (wordclass.go).
func TestBracketItems(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop")) // sshd 812 on 22, nginx 930/931 on 80, cupsd 700 on 631
	server := EvidenceText(scenario(t, "server")) // sshd 977 on 22, nginx 1544 on 443, annad 8943 on 7070
	checkPairs(t, []pair{
		{"PID with the name inside its bracket", laptop,
			"Listening: **631** (cupsd = CUPS, PID 700), **80** (nginx, PID 930).",
			"Listening: **631** (cupsd = CUPS, PID 930), **80** (nginx, PID 931)."},
		{"PID with the name inside its bracket, server", server,
			"Ports: **7070** (annad = Anna, PID 8943), **443** (nginx, PID 1544).",
			"Ports: **7070** (annad = Anna, PID 1544), **443** (nginx, PID 8943)."},
		{"bracket after qualifiers is the port's", laptop,
			"Listening: port 22 on IPv4 and IPv6 (processes named sshd, PID 812) and port 631.",
			"Listening: port 80 on IPv4 and IPv6 (processes named sshd, PID 812) and port 631."},
		{"next item after the bracket is not its", server,
			"Listening: port 22 on IPv4 (sshd, PID 977) and port 7070.",
			"Listening: port 22 on IPv4 (sshd, PID 977) and port 7071."},
		{"a PID list ends with its bracket", laptop,
			"Listening: 80 on IPv4 (nginx, PIDs 930 and 931), and 631 on 127.0.0.1.",
			"Listening: 80 on IPv4 (nginx, PIDs 930 and 931), and 640 on 0.0.0.0."},
	})
}

package supervisor

import "testing"

// TestSocketWords checks words of a socket's row: the protocol written
// before an address and port must be the row's Netid, and a participle
// after "process" ("no process shown") names nothing.
func TestSocketWords(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	host15 := EvidenceText(scenario(t, "host15"))
	host17 := EvidenceText(scenario(t, "host17"))
	tests := []pair{
		{"protocol before an address and port", host17, "socat (PID 7738) listens on udp 0.0.0.0:5005.", "socat (PID 8075) listens on udp 0.0.0.0:3306."},
		{"protocol before an address and port (laptop)", laptop, "avahi-daemon listens on UDP 0.0.0.0:5353.", "sshd listens on UDP 0.0.0.0:22."},
		{"participle after 'process'", host15, "- TCP 0.0.0.0:2024 — no process shown", "- TCP 127.0.0.1:4242 — no process shown"},
		{"adjective after 'process'", host15, "TCP 0.0.0.0:2024 has no process visible.", "TCP 127.0.0.1:4242 has no process visible."},
	}
	checkPairs(t, tests)
}

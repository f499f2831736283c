package supervisor

import "testing"

// TestClockIsNoHostPort: a clock is no address and port. "08:29:23" read
// as the hex groups "08:29" and port 23, so a journal's seconds made ports
// of 21, 23 and 24 on host62, where only 22 of them listens, and "port 23
// is open" was found.
func TestClockIsNoHostPort(t *testing.T) {
	for s, want := range map[string]int{"08:29:23": 0, "8:29": 0, "0.0.0.0:22": 22, "[::]:443": 443, "*:53": 53, "127.0.0.1:6379": 6379} {
		if _, p, ok := hostPort(s); p != want || ok != (want > 0) {
			t.Errorf("hostPort(%q) = %d, %v; want %d", s, p, ok, want)
		}
	}
	mx := EvidenceText(scenario(t, "host62"))
	hand := handSockets + "\nprobe system_logs journalctl\nNov 25 08:29:23 nas sshd[561]: Server listening on 0.0.0.0 port 22.\n"
	checkPairs(t, []pair{
		{"a port in the journal's seconds", mx, "Port 22 is open.", "Port 23 is open."},
		{"something on a port of the seconds", mx, "Something listens on port 25.", "Something listens on port 21."},
		{"a neighbour of sshd beside a clock, by hand", hand, "Port 22 is open; sshd logged at 08:29:23 that it listens.", "Port 23 is open."},
		{"the clock itself stays a time", hand, "sshd started listening at 08:29:23.", "sshd started listening at 08:29:24."},
	})
}

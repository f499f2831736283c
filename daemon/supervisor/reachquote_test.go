package supervisor

import "testing"

// TestReachInQuotes checks that a reach word inside a quoted line is the
// line's, not the answer's: only the answer's own words say how far a
// listener reaches.
func TestReachInQuotes(t *testing.T) {
	ss := evidence(t, "ss.txt") + "\nprobe system_logs journalctl -b\nNov 24 08:00:01 host cupsd[700]: Port 631 exposed to the network\n"
	checkPairs(t, []pair{
		{"quoted config line", ss,
			`cupsd (PID 700) listens on 127.0.0.1:631, though the journal has a line "Port 631 exposed to the network" that is disabled.`,
			`cupsd (PID 700) listens on 127.0.0.1:631, which is exposed to the network.`},
	})
}

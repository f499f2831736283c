package supervisor

import (
	"strings"
	"testing"
)

// TestClaimCostsNoCopy: a rule asked once per claim reads what it needs
// without copying the answer or rescanning the logs each time: the rest
// of the answer after a PID is matched as it is, whatever its case, and
// the ports logs print as an endpoint's are read once per index. The
// verdicts stay: a PID said gone while ps lists it, a port no line
// prints as a far end. The race detector's instrumentation allocates in
// regexp matching, so the allocation counts are asserted without it.
func TestClaimCostsNoCopy(t *testing.T) {
	ps := "probe top_memory ps aux --sort=-%mem\n" +
		"command rsync cpu_percent 0% cpu_seconds 1 s mem_percent 0.1% pid 1412 rss_kib 7000 KiB start 2026-11-25T09:41:05Z stat S user root\n"
	ix := newIndex(ps)
	answer := "RSYNC PID 1412 IS NO LONGER IN THE PROCESS LIST. " + strings.Repeat("Memory use is normal. ", 200) + "Cron PID 77 runs."
	for _, c := range extract(answer, ix.entities) {
		if c.kind != kindPID {
			continue
		}
		found, ok := ix.gonePID(answer, c)
		if want := c.key == "1412"; ok != want || found {
			t.Errorf("gonePID(%s) = %v, %v; want judged %v and not found", c.text, found, ok, want)
		}
		if n := testing.AllocsPerRun(5, func() { ix.gonePID(answer, c) }); n != 0 && !underRace {
			t.Errorf("gonePID(%s) allocates %v times", c.text, n)
		}
	}

	logs := newIndex("probe system_logs journalctl -p warning\n" +
		"nov 24 10:02:11 web01 nginx[812]: connect() failed (111: connection refused) while connecting to upstream, client: 192.0.2.9, upstream: \"http://127.0.0.1:8000/api\"\n" +
		"nov 24 10:02:12 web01 sshd[900]: connection closed by 203.0.113.7 from 203.0.113.7:4444\n")
	for _, tc := range []struct {
		answer string
		logged bool
	}{
		{"nginx could not reach it on port 8000.", true},
		{"nginx could not reach it on port 8001.", false},
		{"sshd closed the connection on port 4444.", false}, // after "from": the peer's own port
	} {
		for _, c := range extract(tc.answer, logs.entities) {
			if c.kind != kindPort {
				continue
			}
			if got := logs.loggedPort(tc.answer, c); got != tc.logged {
				t.Errorf("loggedPort(%q) = %v, want %v", tc.answer, got, tc.logged)
			}
			if n := testing.AllocsPerRun(5, func() { logs.loggedPort(tc.answer, c) }); n > 1 && !underRace {
				t.Errorf("loggedPort(%q) allocates %v times once read (spacedPort takes one)", tc.answer, n)
			}
		}
	}
}

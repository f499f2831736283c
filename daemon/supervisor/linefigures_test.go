package supervisor

import "testing"

// TestLineFigures checks a small count a journal line writes itself: the
// answer's must be the figure of the line it means (by its words, clock
// time, address or user), not another line's.
func TestLineFigures(t *testing.T) {
	db1 := EvidenceText(scenario(t, "host33"))
	db2 := EvidenceText(scenario(t, "host34"))
	ws := EvidenceText(scenario(t, "host35"))
	mail := EvidenceText(scenario(t, "host37"))
	checkPairs(t, []pair{
		{"a line's count by its words", db1, "smartd reports 8 pending sectors and 3 offline uncorrectable sectors on /dev/sdb.",
			"smartd reports 3 pending sectors and 8 offline uncorrectable sectors on /dev/sdb."},
		{"a line's count by its time", db2, "At 20:15:32 postgres said checkpoints were 11 seconds apart.",
			"At 20:15:32 postgres said checkpoints were 9 seconds apart."},
		{"a line's age", mail, "clamd warns that the virus database is older than 7 days.",
			"clamd warns that the virus database is older than 5 days."},
		{"a count in another word of the line", db1, "alice typed 3 incorrect passwords for sudo at 20:11:59.",
			"alice typed 2 incorrect passwords for sudo at 20:11:59."},
		{"no line is meant", ws, "The NVMe I/O 52 on queue 3 timed out.", ""},
		{"a count of what no line says", ws, "wpa_supplicant disabled Office-5G for 10 seconds after 1 auth failure.", ""},
	})
}

// TestKeyValueQuotes: a figure quoted as a key's value ("status=502") is
// that key's even when another key follows it ("duration_ms=…"), and a
// number before a field's name ("35 request_id=…") counts no requests.
func TestKeyValueQuotes(t *testing.T) {
	ev := "probe system_logs journalctl -p warning..alert -n 200 --no-pager\n" +
		"Nov 24 23:10:01 web-01 api[812]: upstream failed status=502 duration_ms=1234 request_id=7f3a\n" +
		"Nov 24 23:10:09 web-01 api[812]: upstream failed status=504 duration_ms=30001 request_id=9c1d\n" +
		"Nov 24 23:11:00 web-01 api[812]: slow upstream after 35 request_id=aa01 retries\n"
	checkPairs(t, []pair{
		{"a quoted key=value run", ev, "At 23:10:01 api logged status=502 duration_ms=1234.",
			"At 23:10:01 api logged status=1234 duration_ms=502."},
		{"a value said of its key", ev, "The 23:10:09 failure had status 504 and took 30001 ms (duration_ms=30001).",
			""},
	})
}

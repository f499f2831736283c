package supervisor

import "testing"

// A PostgreSQL entry's DETAIL line ("Failed process was running: …")
// continues the line naming the process it is about, so what it says is
// of that PID; a process whose own entry has no such line is not said
// to have been running anything.
func TestEntryLines(t *testing.T) {
	ev := "probe system_logs journalctl -p warning\n" +
		"Nov 23 09:02:11 db1 postgres[900]: [3-1] 2026-11-23 09:02:11.100 UTC [900] LOG:  server process (PID 1410) was terminated by signal 9: Killed\n" +
		"Nov 23 09:02:11 db1 postgres[900]: [3-2] 2026-11-23 09:02:11.100 UTC [900] DETAIL:  Failed process was running: SELECT * FROM events\n" +
		"Nov 23 09:02:11 db1 postgres[900]: [4-1] 2026-11-23 09:02:11.101 UTC [900] LOG:  terminating any other active server processes\n" +
		"Nov 23 09:05:40 db1 postgres[1422]: [1-1] 2026-11-23 09:05:40.500 UTC [1422] FATAL:  terminating connection due to idle-in-transaction timeout\n"
	h60, h61 := EvidenceText(scenario(t, "host60")), EvidenceText(scenario(t, "host61"))
	checkPairs(t, []pair{
		{"the detail of a terminated backend", ev, "PID 1410 was running a SELECT when it was terminated by signal 9.",
			"PID 1422 was running a SELECT when it was terminated."},
		{"the detail of an OOM-killed backend", h60, "PID 1873 was running a SELECT on orders, order_items and customers.", ""},
		{"a backend ended by a timeout", h61, "", "PID 1902 was running a SELECT on orders when it was terminated."},
	})
}

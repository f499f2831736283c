package supervisor

import "testing"

// TestBootClocks checks that a clock time said as the machine's boot is
// PID 1's start, not the start of the services that ps lists beside it.
func TestBootClocks(t *testing.T) {
	host54 := EvidenceText(scenario(t, "host54"))
	typed := "probe top_memory ps aux --sort=-%mem\n" +
		"command /sbin/init cpu_percent 0% cpu_seconds 12 s mem_percent 0.1% pid 1 rss_kib 9000 KiB start 2026-11-20T08:02:11Z stat Ss user root\n" +
		"command nginx: master process cpu_percent 0% cpu_seconds 0 s mem_percent 0.1% pid 812 rss_kib 7000 KiB start 2026-11-25T09:41:05Z stat Ss user root\n"
	checkPairs(t, []pair{
		{"a boot time beside service starts", host54,
			"The machine booted at 12:18; kubelet started at 04:34.",
			"The machine booted at 04:34, when kubelet started."},
		{"a boot time label", typed,
			"Boot time: 08:02.",
			"Boot time: 09:41."},
		{"a service's start after the boot is its own", typed,
			"nginx started at 09:41. The machine booted at 08:02.",
			"nginx started at 09:41. The machine was last rebooted at 09:41."},
	})
}

// TestBootClockReadsClock: the boot time is the index's clock, read once
// (times), and only when that clock's start is PID 1's: the earliest
// service start is no boot.
func TestBootClockReadsClock(t *testing.T) {
	ps := "probe top_memory ps aux --sort=-%mem\n" +
		"command nginx: master process cpu_percent 0% cpu_seconds 0 s mem_percent 0.1% pid 812 rss_kib 7000 KiB start 2026-11-25T09:41:05Z stat Ss user root\n"
	init := "command /sbin/init cpu_percent 0% cpu_seconds 12 s mem_percent 0.1% pid 1 rss_kib 9000 KiB start 2026-11-20T08:02:11Z stat Ss user root\n"
	for _, tc := range []struct {
		evidence, answer string
		ok, found        bool
	}{
		{ps + init, "The machine booted at 08:02.", true, true},
		{ps + init, "The machine booted at 09:41.", true, false},
		{ps, "The machine booted at 09:41.", false, false},
	} {
		ix := newIndex(tc.evidence)
		var g Grounding
		ok, found := false, false
		for _, c := range extract(tc.answer, nil) {
			if list, _, isBoot := ix.bootClock(&g, tc.answer, c); isBoot {
				ok, found = true, list == &g.Found
			}
		}
		if ok != tc.ok || found != tc.found {
			t.Errorf("%q on %d records: judged %v, found %v; want %v, %v", tc.answer, len(ix.recs), ok, found, tc.ok, tc.found)
		}
		if ix.clock == nil {
			t.Errorf("%q: the boot was not read from the index's clock", tc.answer)
		}
	}
}

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

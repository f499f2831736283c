package supervisor

import "testing"

// TestTypedColumnsAfterColon checks that a typed figure keeps its key as
// its column when its command holds a colon ("-XX:+UseG1GC", "nginx:
// master process", "unix:///run/…"): a process's CPU share said as its
// memory share, or the reverse, is a real figure of the wrong column.
func TestTypedColumnsAfterColon(t *testing.T) {
	host53 := EvidenceText(scenario(t, "host53"))
	typed := "probe top_cpu ps aux --sort=-%cpu\n" +
		"command nginx: worker process cpu_percent 12.5% cpu_seconds 40 s mem_percent 3.1% pid 812 rss_kib 51200 KiB user www-data vsz_kib 120344 KiB\n"
	checkPairs(t, []pair{
		{"a java process with -XX: options", host53,
			"java PID 27673 uses 6.0% CPU and 4.4% of memory.",
			"java PID 27673 uses 6.0% of memory."},
		{"memory said as CPU", host53,
			"java (PID 27673) is at 4.4% memory.",
			"java (PID 27673) is at 4.4% CPU."},
		{"a command with a colon after its name", typed,
			"nginx (PID 812) uses 12.5% CPU and 3.1% memory.",
			"nginx (PID 812) uses 12.5% memory and 3.1% CPU."},
		// A figure said with no column still matches either.
		{"a figure with no column", typed,
			"nginx (PID 812) is at 12.5%.",
			"nginx (PID 812) is at 15.5%."},
	})
}

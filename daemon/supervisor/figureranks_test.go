package supervisor

import "testing"

// A ranking is judged on the figures ps printed, not on its row order:
// ps sorts by a sample taken before it prints, so a later row may show
// more.
func TestFigureRanks(t *testing.T) {
	host14 := EvidenceText(scenario(t, "host14"))
	synthetic := "probe top_cpu ps aux --sort=-%cpu\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 4100 41.2 0.1 10000 9000 ? R 10:00 0:10 /usr/bin/rsync -a /src /dst\n" +
		"root 4200 47.9 0.1 10000 9000 ? R 10:00 0:12 /usr/bin/xz -9 backup.tar\n" +
		"root 4300 12.0 0.1 10000 9000 ? R 10:00 0:02 /usr/bin/gzip big.log\n"
	// top_memory printed first, from a later sample: its %CPU figures are
	// not the ones the CPU ranking was sorted by.
	twoTables := "probe top_memory ps aux --sort=-%mem\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 4300 12.0 9.0 10000 9000 ? R 10:00 0:02 /usr/bin/gzip big.log\n" +
		"root 4200 60.0 5.0 10000 9000 ? R 10:00 0:12 /usr/bin/xz -9 backup.tar\n" +
		"root 4100 95.0 1.0 10000 9000 ? R 10:00 0:10 /usr/bin/rsync -a /src /dst\n" + synthetic
	checkPairs(t, []pair{
		{"top by the ranking table's own figures", twoTables,
			"The busiest process is xz (PID 4200).",
			"The busiest process is rsync (PID 4100)."},
		{"top by figures, not the first row", synthetic,
			"The busiest process is xz (PID 4200) at 47.9% CPU.",
			"The busiest process is rsync (PID 4100) at 41.2% CPU."},
		{"followed by the next figure", synthetic,
			"xz uses the most CPU (47.9%), followed by rsync (41.2%).",
			"rsync uses the most CPU (41.2%), followed by xz (47.9%)."},
		{"second by figures", synthetic,
			"The second busiest process is rsync.",
			"The second busiest process is gzip."},
		{"top CPU user of a real capture out of order", host14,
			"The compiler (PID 19901) is the top CPU user at 60.0%.",
			"supervisor.test (PID 19636) is the top CPU user at 54.8%."},
	})
}

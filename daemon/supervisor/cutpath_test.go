package supervisor

import "testing"

// A model quoting a ps row that the prompt cut at its line bound copies
// the cut: the path before the ellipsis must start an evidence path, and
// stays missing when it starts none.
func TestCutPaths(t *testing.T) {
	ev := "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 21657 43.4 0.5 1713004 173880 ? SNl 08:22 0:05 /tmp/go-build766200031/b001/supervisor.test -test.paniconexit0\n" +
		"root 930 0.1 0.2 11000 9800 ? Ss 07:00 0:00 /usr/sbin/nginx -g daemon on;\n"
	row := "From top_memory: root 21657 43.4 0.5 1713004 173880 ? SNl 08:22 0:05 "
	checkPairs(t, []pair{
		{"a path cut with an ellipsis", ev, row + "/tmp/go-build766200031/b001/supervi…", row + "/tmp/go-build766200031/b002/supervi…"},
		{"three dots", ev, "PID 930 runs /usr/sbin/ngi...", "PID 930 runs /usr/sbin/apa..."},
		{"a cut path is not a whole one", ev, "", "PID 930 runs /usr/sbin/ngi."},
	})
}

package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestDeniedJoinedWords: a joined word a sentence denies ("no
// idle-in-transaction backend [9-13]") is said to be absent from the
// cited lines, so their lacking it is the claim, not a misread citation
// (containment.go); a joined word the sentence asserts must still be on
// its cited lines.
func TestDeniedJoinedWords(t *testing.T) {
	in := Input{Results: []rpc.ProbeResult{
		{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
			"www-data 3110 0.0 0.2 410000 61000 ? S 09:00 0:00 php-fpm: pool www\n" +
			"www-data 3111 0.0 0.2 410000 52000 ? S 09:00 0:00 php-fpm: pool www\n"},
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 web-3 php-fpm[3001]: [WARNING] [pool www] child 3007 exited on signal 9 (SIGKILL) after 12.5 seconds from start\n" +
			"Nov 24 10:02:12 web-3 kernel: Out of memory: Killed process 3007 (php-fpm) total-vm:812000kB, anon-rss:640000kB\n"},
	}}
	in.Sources = sources.Number(in.Results)
	for _, c := range []struct {
		answer string
		want   bool
	}{
		{"Child 3007 was killed by the OOM killer [4]. No php-fpm worker with that PID is left in the process list [1-3].", true},
		{"Child 3007 was killed by the OOM killer [4]. There is no anon-rss figure for the workers in the process list [1-3].", true},
		{"The workers in the process list [2, 3] show anon-rss:640000kB.", false},
	} {
		in.Answer = c.answer
		if r := Judge(in); r.Signals.AnswerGrounded != c.want {
			t.Errorf("%q: grounded %v, want %v: %+v", c.answer, r.Signals.AnswerGrounded, c.want, r.Grounding)
		}
	}
	judgeCitedPairs(t, "host61", [][2]string{
		{"There is no idle-in-transaction backend in the current process list [9-13].",
			"The backend PID 1911 is idle-in-transaction [9]."},
	})
}

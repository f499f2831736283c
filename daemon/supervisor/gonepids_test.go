package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestGonePIDs: a PID said to be no longer in the process list is judged
// as an absence (gonepids.go), true where ps lacks it, whatever lines it
// cites; a PID ps still shows is caught.
func TestGonePIDs(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
			"postgres 1210 0.5 2.0 220000 81000 ? Ss 09:00 0:03 postgres: checkpointer\n" +
			"root 880 0.0 0.1 12000 4000 ? Ss 09:00 0:00 /usr/sbin/cron -f\n"},
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 db01 pg_dump[4471]: pg_dump: error: connection to server lost\n"},
	}})
	checkPairs(t, []pair{
		{"gone from ps", ev,
			"pg_dump PID 4471 is no longer in the process list.",
			"cron PID 880 is no longer in the process list."},
		{"not in ps", ev,
			"The backup's pg_dump (PID 4471) is not in the process list; it logged \"connection to server lost\" at 10:02:11.",
			"The checkpointer (PID 1210) is not in the process list."},
	})
	judgeCitedPairs(t, "host59", [][2]string{
		{"rsync PID 1412 is no longer in the process list [2-17]. rsync PID 1412 logged \"some files vanished before they could be transferred (code 24)\" at 07:09:55 [156].",
			"rsync PID 628 is no longer in the process list [2-17]."},
		{"The **debian-security rsync (PID 1412)** is no longer in the process list [2-17].",
			"The **debian-security rsync (PID 1437)** is no longer in the process list [2-17]."},
		{"rsync PID 1412\tis\tno\tlonger\tin\tthe\tprocess\tlist [2-17].",
			"rsync PID 628\tis\tno\tlonger\tin\tthe\tprocess\tlist [2-17]."},
	})
}

// TestGoneSubjectEnd: the absence starts at the blank after the PID and
// its closing marks, a tab or a line break as much as a space.
func TestGoneSubjectEnd(t *testing.T) {
	for _, c := range []struct {
		sent string
		want int
	}{
		{"rsync pid 1412 is no longer in the process list", 14},
		{"rsync pid 1412\tis\tno\tlonger\tin\tthe\tprocess\tlist", 14},
		{"rsync pid 1412\nis no longer in the process list", 14},
		{"The **rsync (PID 1412)**\tis not in ps", 24},
		{"rsync pid 1412 logged an error", 0},
	} {
		if got := goneSubjectEnd(c.sent); got != c.want {
			t.Errorf("goneSubjectEnd(%q) = %d, want %d", c.sent, got, c.want)
		}
	}
}

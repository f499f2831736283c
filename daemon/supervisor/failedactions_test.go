package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestFailedActions: "is failing to fetch" tells an action's failure
// (failedevents.go), not the process's failed state, so a running
// process that logged the errors keeps it; failing to start is still a
// state, and caught of a process ps shows running.
func TestFailedActions(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
			"backup 2210 1.5 0.4 120000 40000 ? Ss 09:00 0:03 /usr/bin/restic backup /srv/data\n"},
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 nas01 restic[2210]: Save(<data/5a1c>) returned error, retrying after 720ms: connection reset by peer\n"},
	}})
	checkPairs(t, []pair{
		{"failing to upload", ev,
			"restic (PID 2210) is failing to upload some data.",
			"restic (PID 2210) has failed to start."},
	})
	judgeCitedPairs(t, "host59", [][2]string{
		{"reprepro (PID 1437) is failing to fetch some indexes [151, 152, 161, 162].",
			"reprepro (PID 1437) has failed to start [151, 152]."},
	})
}

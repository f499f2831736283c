package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestPIDsAreNoCounts: "PID 812 got Connection refused" names a process,
// not 812 connections (eventcounts.go); another process's PID is still
// caught.
func TestPIDsAreNoCounts(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 web01 nginx[812]: 2026/11/24 10:02:11 [error] 812#812: *4417 connect() failed (111: Connection refused) " +
			"while connecting to upstream, client: 192.0.2.9, server: app.example.net, request: \"GET /api HTTP/1.1\", upstream: \"http://127.0.0.1:8000/api\", host: \"app.example.net\"\n"},
	}})
	checkPairs(t, []pair{
		{"a PID before the event", ev,
			"nginx PID 812 got Connection refused at 10:02:11.",
			"nginx PID 813 got Connection refused at 10:02:11."},
	})
	judgeCitedPairs(t, "host59", [][2]string{
		{"nginx worker PID 762 got Connection refused at 07:10:14 [158].",
			"nginx worker PID 761 got Connection refused at 07:10:14 [158]."},
	})
}

package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestFarStatusReplies: "404 Not Found from 203.0.113.5 port 80" names
// the server a log line prints with its port ("[IP: 203.0.113.5 80]"),
// not a listener of this machine's port 80 bound to that address
// (farreplies.go); another port or address, or the address said to be
// listened on, is still caught.
func TestFarStatusReplies(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.ListeningPorts, Command: "ss -tulpn", Stdout: "Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
			"tcp   LISTEN 0      511          0.0.0.0:80 0.0.0.0:*    users:((\"nginx\",pid=812,fd=6))\n"},
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 repo01 reprepro[2210]: '404  Not Found [IP: 203.0.113.5 80]'\n"},
	}})
	checkPairs(t, []pair{
		{"a server's status", ev,
			"reprepro got 404 Not Found from 203.0.113.5 port 80 at 10:02:11.",
			"reprepro got 404 Not Found from 203.0.113.5 port 8080 at 10:02:11."},
		{"listened on", ev,
			"reprepro got 404 Not Found from 203.0.113.5 port 80 at 10:02:11.",
			"nginx listens on 203.0.113.5 port 80."},
	})
	judgeCitedPairs(t, "host59", [][2]string{
		{"The server answered 404  Not Found from 172.30.0.20 port 80 [162].",
			"The server answered 404  Not Found from 172.30.0.21 port 80 [162]."},
	})
}

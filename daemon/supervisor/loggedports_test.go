package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestLoggedBarePorts: "nginx could not reach it on port 8000" tells the
// connection nginx's line prints to "127.0.0.1:8000" (farreplies.go),
// not a socket of nginx's; a port no log line connects to, or the port
// said to be listened on, is still caught.
func TestLoggedBarePorts(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.ListeningPorts, Command: "ss -tulpn", Stdout: "Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
			"tcp   LISTEN 0      511          0.0.0.0:80 0.0.0.0:*    users:((\"nginx\",pid=812,fd=6))\n" +
			"tcp   LISTEN 0      128          [::]:8000 [::]:*        users:((\"gunicorn\",pid=940,fd=5))\n"},
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 web01 nginx[812]: 2026/11/24 10:02:11 [error] 812#812: *4417 connect() failed (111: Connection refused) " +
			"while connecting to upstream, client: 192.0.2.9, server: app.example.net, request: \"GET /api HTTP/1.1\", upstream: \"http://127.0.0.1:8000/api\", host: \"app.example.net\"\n"},
	}})
	checkPairs(t, []pair{
		{"could not reach it", ev,
			"For a moment nginx could not reach the backend on port 8000.",
			"For a moment nginx could not reach the backend on port 8001."},
		{"listened on", ev,
			"For a moment nginx could not reach the backend on port 8000.",
			"nginx listens on port 8000."},
	})
	judgeCitedPairs(t, "host59", [][2]string{
		{"gitea appears to have been restarted around 07:10, and for a few seconds nginx could not reach it on port 3000.",
			"gitea appears to have been restarted around 07:10, and for a few seconds nginx could not reach it on port 3001."},
	})
}

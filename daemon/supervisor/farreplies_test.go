package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestFarReplies: "got Connection refused from 127.0.0.1:8000" names the
// upstream nginx's line prints as the far end (farreplies.go), not an
// inbound peer holding a socket of nginx's; the subject refusing
// connections from it, or another endpoint, is still caught.
func TestFarReplies(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.ListeningPorts, Command: "ss -tulpn", Stdout: "Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
			"tcp   LISTEN 0      511          0.0.0.0:80 0.0.0.0:*    users:((\"nginx\",pid=812,fd=6))\n" +
			"tcp   LISTEN 0      128          [::]:8000 [::]:*        users:((\"gunicorn\",pid=940,fd=5))\n"},
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 web01 nginx[812]: 2026/11/24 10:02:11 [error] 812#812: *4417 connect() failed (111: Connection refused) " +
			"while connecting to upstream, client: 192.0.2.9, server: app.example.net, request: \"GET /api HTTP/1.1\", upstream: \"http://127.0.0.1:8000/api\", host: \"app.example.net\"\n"},
	}})
	checkPairs(t, []pair{
		{"refused from the upstream", ev,
			"nginx logged Connection refused from 127.0.0.1:8000 at 10:02:11.",
			"nginx refused connections from 127.0.0.1:8000 at 10:02:11."},
		{"another endpoint", ev,
			"nginx logged Connection refused from 127.0.0.1:8000 at 10:02:11.",
			"nginx logged Connection refused from 127.0.0.1:8001 at 10:02:11."},
	})
	judgeCitedPairs(t, "host59", [][2]string{
		{"nginx also logged connection refused from 127.0.0.1:3000 at 07:10:14 [158].",
			"nginx also logged connection refused from 127.0.0.1:3001 at 07:10:14 [158]."},
	})
}

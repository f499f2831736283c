package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// judgeCitedPairs judges each true and false answer of a scenario's
// numbered lines with its citations.
func judgeCitedPairs(t *testing.T, host string, pairs [][2]string) {
	t.Helper()
	in := scenario(t, host)
	in.Sources = sources.Number(in.Results)
	for _, p := range pairs {
		in.Answer = p[0]
		if r := Judge(in); !r.Signals.AnswerGrounded {
			t.Errorf("true %q: not grounded: %+v", p[0], r.Grounding)
		}
		if p[1] == "" {
			continue
		}
		in.Answer = p[1]
		if r := Judge(in); r.Signals.AnswerGrounded {
			t.Errorf("false %q: grounded: %+v", p[1], r.Grounding)
		}
	}
}

// TestLoggedFarEnds: an endpoint a journal line prints as the far end of
// a connection its subject made (nginx's "upstream: \"http://…:8000/…\"")
// is retold as that, not as a socket of the subject's (farends.go); the
// same endpoint said to be listened on, or one the line does not print,
// is still caught.
func TestLoggedFarEnds(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.ListeningPorts, Command: "ss -tulpn", Stdout: "Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
			"tcp   LISTEN 0      511          0.0.0.0:80 0.0.0.0:*    users:((\"nginx\",pid=812,fd=6))\n" +
			"tcp   LISTEN 0      128        127.0.0.1:8000 0.0.0.0:*  users:((\"gunicorn\",pid=940,fd=5))\n"},
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 web01 nginx[812]: 2026/11/24 10:02:11 [error] 812#812: *31 upstream timed out (110: Connection timed out) " +
			"while reading response header from upstream, client: 192.0.2.9, server: app.example.net, request: \"GET /api HTTP/1.1\", upstream: \"http://127.0.0.1:8000/api\", host: \"app.example.net\"\n"},
	}})
	checkPairs(t, []pair{
		{"a timeout to the endpoint", ev,
			"nginx PID 812 logged an upstream timeout to 127.0.0.1:8000 at 10:02:11.",
			"nginx PID 812 listens on 127.0.0.1:8000."},
		{"waiting for it", ev,
			"nginx timed out waiting for 127.0.0.1:8000 at 10:02:11.",
			"nginx timed out waiting for 127.0.0.1:8001 at 10:02:11."},
		{"an arrow to it", ev,
			"- app.example.net → 127.0.0.1:8000 at 10:02:11",
			"- app.example.net → 127.0.0.1:9000 at 10:02:11"},
	})
	judgeCitedPairs(t, "host56", [][2]string{
		{"nginx PID 24102 logged an upstream timeout to 127.0.0.1:3000 at 04:32:18 [231].",
			"nginx PID 24102 logged an upstream timeout to 127.0.0.1:3100 at 04:32:18 [231]."},
		{"nginx also timed out waiting for 127.0.0.1:3000 on grafana.example.net at 04:29:31 and 04:32:18 [219, 231].",
			"nginx listens on 127.0.0.1:3000 [219, 231]."},
		{"nginx upstream timeouts: 3 [219, 225, 231]\n- grafana.example.net → 127.0.0.1:3000 at 04:29:31 and 04:32:18 [219, 231]\n- logs.example.net → loki 127.0.0.1:3100 at 04:30:32 [225]",
			"nginx upstream timeouts: 3 [219, 225, 231]\n- grafana.example.net → 127.0.0.1:3100 at 04:29:31 and 04:32:18 [219, 231]\n- logs.example.net → loki 127.0.0.1:3000 at 04:30:32 [225]"},
		{"nginx PID 24103 logged an upstream timeout to 127.0.0.1:3100 for logs.example.net at 04:30:32 [225].",
			"nginx PID 24103 logged an upstream timeout to 127.0.0.1:3000 for logs.example.net at 04:30:32 [225]."},
	})
}

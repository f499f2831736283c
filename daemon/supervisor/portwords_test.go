package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// portWordsEvidence is a small SIP gateway: an ownerless UDP socket,
// nginx on two ports, and journal lines naming extensions and a count.
func portWordsEvidence() string {
	return EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.ListeningPorts, Command: "ss -tulpn", Stdout: "" +
			"Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
			"udp   UNCONN 0      0            0.0.0.0:4789      0.0.0.0:*\n" +
			"tcp   LISTEN 0      511          0.0.0.0:80        0.0.0.0:*    users:((\"nginx\",pid=700,fd=6))\n" +
			"tcp   LISTEN 0      511          0.0.0.0:8443      0.0.0.0:*    users:((\"nginx\",pid=700,fd=7))\n" +
			"udp   UNCONN 0      0            0.0.0.0:5060      0.0.0.0:*    users:((\"kamailio\",pid=810,fd=5))\n"},
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
			"Nov 25 09:00:01 sip1 kamailio[810]: auth failed for sip:3001@sip1 from 198.51.100.9:5060\n" +
			"Nov 25 09:00:02 sip1 kamailio[810]: auth failed for sip:3002@sip1 from 198.51.100.9:5060\n" +
			"Nov 25 09:00:03 sip1 kamailio[810]: auth failed for sip:3003@sip1 from 198.51.100.9:5060\n" +
			"Nov 25 09:05:00 sip1 nginx[700]: worker closed 517 idle keepalive connections\n"},
	}})
}

// TestPortWords: which bare numbers are ports. What a socket is "on" is
// its port; a program "serves" the bare numbers after it; a list whose
// item right before is a count goes on counting, even after a port
// earlier in its sentence; and a listen word in one sentence makes no
// port of a number in the next. Each true answer's wrong figure stays
// wrong.
func TestPortWords(t *testing.T) {
	ev := portWordsEvidence()
	checkPairs(t, []pair{
		{"a socket on a port", ev,
			"There is a UDP socket on 4789 with no owning process listed.",
			"There is a UDP socket on 4788 with no owning process listed."},
		{"a program serves ports", ev,
			"nginx serves 80 and 8443.",
			"nginx serves 80 and 5060."},
		{"a list of counts after a port", ev,
			"kamailio rejected registrations from 198.51.100.9:5060 for extensions 3001, 3002 and 3003.",
			"kamailio rejected registrations from 198.51.100.9:5060 for extensions 3001, 3002 and 3004."},
		{"a listen word in the sentence before", ev,
			"nginx listens on port 8443. nginx closed 517 idle keepalive connections.",
			"nginx listens on port 8443. nginx closed 571 idle keepalive connections."},
	})
}

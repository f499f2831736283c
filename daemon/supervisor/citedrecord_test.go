package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestCitedIndentedLine: citing a line indented under an interface cites
// the interface's whole record (narrowed.go), the address under the
// line that was cited too; another interface's address is still not on
// it.
func TestCitedIndentedLine(t *testing.T) {
	in := Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{{Probe: probes.NetworkAddrs, Command: "ip addr show", Stdout: "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP\n" +
			"    link/ether 52:54:00:12:34:56\n" +
			"    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\n" +
			"3: vxlan.1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 state UNKNOWN\n" +
			"    link/ether 92:d4:2b:a8:4f:ee\n" +
			"    inet 10.42.0.0/32 scope global vxlan.1\n"}},
	}
	in.Sources = sources.Number(in.Results)
	for _, c := range []struct {
		answer string
		true_  bool
	}{
		{"vxlan.1 has 10.42.0.0/32 [5].", true},
		{"eth0 has 192.0.2.2/24 [2].", true},
		{"vxlan.1 has 192.0.2.2/24 [5].", false},
		{"eth0 has 10.42.0.0/32 [2].", false},
	} {
		in.Answer = c.answer
		if r := Judge(in); r.Signals.AnswerGrounded != c.true_ {
			t.Errorf("%q: grounded %v, want %v: %+v", c.answer, r.Signals.AnswerGrounded, c.true_, r.Grounding)
		}
	}
}

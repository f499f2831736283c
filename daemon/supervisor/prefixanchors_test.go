package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestAnchorPrefixes: "10.44.0.7 is on the docker0 network 10.44.0.0/16"
// places a logged address in the network ip route gives docker0
// (prefixholds.go), cited or not; an address outside it, another
// interface's network, or an address the machine never showed is still
// caught.
func TestAnchorPrefixes(t *testing.T) {
	in := Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.NetworkRoutes, Command: "ip route", Stdout: "default via 192.0.2.1 dev eth0\n" +
				"10.44.0.0/16 dev docker0 proto kernel scope link src 10.44.0.1\n" +
				"192.0.2.0/24 dev eth0 proto kernel scope link src 192.0.2.10\n"},
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 ci01 sshd[4410]: Failed password for deploy from 10.44.0.7 port 51022 ssh2\n"},
		},
	}
	in.Sources = sources.Number(in.Results)
	ev := EvidenceText(in)
	checkPairs(t, []pair{
		{"in docker0's network", ev,
			"10.44.0.7 is on the docker0 network 10.44.0.0/16.",
			"192.0.2.10 is on the docker0 network 10.44.0.0/16."},
	})
	for _, p := range [][2]string{
		{"10.44.0.7 is on the docker0 network 10.44.0.0/16 [2].", "10.44.0.7 is on the eth0 network 10.44.0.0/16 [2]."},
		{"10.44.0.7 is on the docker0 network 10.44.0.0/16 [2].", "10.44.0.9 is on the docker0 network 10.44.0.0/16 [2]."},
	} {
		in.Answer = p[0]
		if r := Judge(in); !r.Signals.AnswerGrounded {
			t.Errorf("true %q: not grounded: %+v", p[0], r.Grounding)
		}
		in.Answer = p[1]
		if r := Judge(in); r.Signals.AnswerGrounded {
			t.Errorf("false %q: grounded: %+v", p[1], r.Grounding)
		}
	}
	judgeCitedPairs(t, "host59", [][2]string{
		{"172.30.0.12 is on the br-ci network 172.30.0.0/24 [100].",
			"172.30.0.12 is on the ens3 network 172.30.0.0/24 [100]."},
		{"172.30.0.12 is on the br-ci network 172.30.0.0/24 [100].",
			"172.30.0.99 is on the br-ci network 172.30.0.0/24 [100]."},
	})
}

package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestHeaderRows: a row's figures cited to their table's header line
// stand on the table's rows (headerrows.go); a figure of no row, or of
// another row, is still caught.
func TestHeaderRows(t *testing.T) {
	in := Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.DiskUsage, Command: "df -h", Stdout: "Filesystem      Size  Used Avail Use% Mounted on\n" +
				"/dev/vda1        40G   12G   26G  32% /\n" +
				"/dev/sdb1       916G  402G  468G  47% /srv/data\n"},
		},
	}
	in.Sources = sources.Number(in.Results)
	for _, p := range [][2]string{
		{"/srv/data on /dev/sdb1 has 402G used of 916G, 47% [1].", "/srv/data on /dev/sdb1 has 402G used of 916G, 57% [1]."},
		{"/srv/data on /dev/sdb1 has 402G used of 916G, 47% [1].", "/srv/data on /dev/sdb1 has 12G used of 916G, 47% [1]."},
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
	judgeCitedPairs(t, "host58", [][2]string{
		{"- / on /dev/vda: 53G used of 252G, 58% [61]", "- / on /dev/vda: 53G used of 256G, 58% [61]"},
	})
}

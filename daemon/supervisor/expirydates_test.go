package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestExpiryDates: a date an answer calls an expiry must be the one the
// line labels so, not the rotation or renewal date beside it.
func TestExpiryDates(t *testing.T) {
	judgeQuoted(t, scenario(t, "host54"), []quotedCase{
		{"The kubelet client certificate expires on 2026-12-01 [219].", ""},
		{"The kubelet's rotation deadline was 2026-11-24 at 21:50:12 [219].", ""},
		{"The kubelet client certificate expired on 2026-11-24 [219].", "2026-11-24 (not an expiry)"},
		{"The kubelet's client certificate already expired on 2026-11-24 at 21:50:12.", "2026-11-24 (not an expiry)"},
		// flanneld's lease is labelled "new expiration": that date is one.
		{"flanneld's lease now expires on 2026-11-26 [223].", ""},
	})
	in := Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				"Nov 24 10:00:01 web1 certmon[900]: www.example.net: certificate not after 2027-01-15, renewal scheduled 2026-12-16\n"},
		},
	}
	judgeQuoted(t, in, []quotedCase{
		{"certmon says the www.example.net certificate is valid until 2027-01-15 [1].", ""},
		{"certmon scheduled the renewal of www.example.net for 2026-12-16 [1].", ""},
		{"The www.example.net certificate expires on 2026-12-16 [1].", "2026-12-16 (not an expiry)"},
	})
}

package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// keyFiguresInput is a hand-written journal whose lines write their
// counts as fields: Alertmanager's num_alerts and a made-up
// batch writer's dropped_records.
func keyFiguresInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				`Nov 24 10:00:01 mon1 alertmanager[700]: level=error component=dispatcher msg="Notify for alerts failed" num_alerts=2 err="email: notify retry canceled after 3 attempts"` + "\n" +
				`Nov 24 10:05:01 mon1 alertmanager[700]: level=error component=dispatcher msg="Notify for alerts failed" num_alerts=7 err="email: notify retry canceled after 3 attempts"` + "\n" +
				`Nov 24 10:06:00 mon1 shipper[900]: level=warn msg="batch rejected" dropped_records=6 status=429` + "\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestLineKeyFigures: "failed to notify 5 alerts at 04:32:13" is the
// figure the line of that time writes as num_alerts=4; a figure written
// as a field was read as no count, so any count passed.
func TestLineKeyFigures(t *testing.T) {
	judgeQuoted(t, keyFiguresInput(), []quotedCase{
		{"alertmanager failed to notify 7 alerts at 10:05:01 [2].", ""},
		{"alertmanager failed to notify 2 alerts at 10:05:01 [2].", "2 alerts at (logged: 7)"},
		{"At 10:06:00 the shipper dropped 6 records [3].", ""},
		{"At 10:06:00 the shipper dropped 9 records [3].", "9 records (logged: 6)"},
	})
	judgeQuoted(t, scenario(t, "host56"), []quotedCase{
		{"alertmanager PID 23879 failed to notify 4 alerts at 04:32:13 [230].", ""},
		{"alertmanager PID 23879 failed to notify 5 alerts at 04:32:13 [230].", "5 alerts at (logged: 4)"},
	})
}

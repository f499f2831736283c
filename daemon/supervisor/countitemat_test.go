package supervisor

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestAllQualifierOwnItem: "all for user X" qualifies the count it
// follows, not an earlier place where the same words stand.
func TestAllQualifierOwnItem(t *testing.T) {
	var log strings.Builder
	for i := range 3 {
		log.WriteString("Nov 24 10:00:0" + string(rune('1'+i)) + " web01 sshd[100]: Failed password for root from 10.0.0.5 port 22 ssh2\n")
	}
	for i := range 2 {
		log.WriteString("Nov 24 10:00:0" + string(rune('5'+i)) + " web01 sshd[101]: Failed password for carol from 10.0.0.9 port 22 ssh2\n")
	}
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager",
		Stdout: log.String()}}})
	checkPairs(t, []pair{
		{"all after a repeated count", ev,
			"Root had 3 login failures from 10.0.0.5 — and carol, 2 login failures, all from 10.0.0.9.",
			"Root had 3 login failures from 10.0.0.5 — and carol, 3 login failures, all from 10.0.0.9."},
	})
}

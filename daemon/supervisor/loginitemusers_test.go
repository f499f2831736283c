package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// sshFailuresInput is a hand-written journal of four failed SSH
// passwords: three from 203.0.113.9 (ubuntu twice, root once) and one
// from 198.51.100.23.
func sshFailuresInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				"Nov 24 10:00:01 web1 sshd[900]: Failed password for invalid user ubuntu from 203.0.113.9 port 40112 ssh2\n" +
				"Nov 24 10:00:05 web1 sshd[900]: Failed password for invalid user ubuntu from 203.0.113.9 port 40112 ssh2\n" +
				"Nov 24 10:00:12 web1 sshd[905]: Failed password for root from 203.0.113.9 port 40126 ssh2\n" +
				"Nov 24 10:30:00 web1 sshd[990]: Failed password for ops from 198.51.100.23 port 52214 ssh2\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestLoginItemUsers: "203.0.113.9 failed passwords for invalid user
// ubuntu twice and for root once": each count is of the user named right
// before it, not of the "for root" after it; and "77 failed" inside the
// address 203.0.113.77 is no count.
func TestLoginItemUsers(t *testing.T) {
	judgeQuoted(t, sshFailuresInput(), []quotedCase{
		{"203.0.113.9 failed passwords for invalid user ubuntu twice and for root once [1-3].", ""},
		{"203.0.113.9 failed passwords for invalid user ubuntu twice and for root twice [1-3].", "2 failed logins for root"},
		{"203.0.113.9 failed passwords for invalid user ubuntu three times and for root once [1-3].", "3 failed logins for ubuntu"},
	})
	judgeQuoted(t, scenario(t, "host54"), []quotedCase{
		{"203.0.113.77 failed passwords for invalid user ubuntu twice and for root once [210-212].", ""},
		{"203.0.113.77 had 2 failed passwords [210-212].", "2 failed logins"},
	})
}

package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestUIDUsers: "running as uid 65535" names the user ps prints by
// number in its USER column; "uid" was read as the user's name, which no
// row has, and so flagged the true answer, while the number went
// unchecked as the rows' user.
func TestUIDUsers(t *testing.T) {
	in := Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: "" +
				"USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n" +
				"root        4200  0.0  0.0  39272 10728 ?        Ss   09:58   0:00 /usr/sbin/sshd -D\n" +
				"65535       4111  0.0  0.0   4528  2244 ?        Ss   09:58   0:00 /pause\n" +
				"65535       4112  0.0  0.0   4528  2152 ?        Ss   09:58   0:00 /pause\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
	judgeQuoted(t, in, []quotedCase{
		{"The /pause processes are running as uid 65535 [3, 4].", ""},
		{"The /pause processes are running as uid 0 [3, 4].", "0 (for /pause)"},
		{"sshd (PID 4200) is running as uid 65535 [2].", "65535 (for 4200)"},
	})
	judgeQuoted(t, scenario(t, "host53"), []quotedCase{
		{"There are seven /pause containers running as uid 65535 [29-35].", ""},
		{"There are seven /pause containers running as uid 1000 [29-35].", "1000 (for /pause)"},
	})
}

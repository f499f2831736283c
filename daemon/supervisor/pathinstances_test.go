package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// pathInstancesInput is a small hand-written ps table: three /pause
// processes, two /usr/bin/containerd-shim-runc-v2 and one other.
func pathInstancesInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: "" +
				"USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n" +
				"root        4101  0.0  0.0 1284528 13496 ?       Ss   09:58   0:00 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 5d8f\n" +
				"root        4102  0.0  0.0 1284528 13488 ?       Ss   09:58   0:00 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 7f3c\n" +
				"root        4200  0.0  0.0  39272 10728 ?        Ss   09:58   0:00 /usr/sbin/sshd -D\n" +
				"65535       4111  0.0  0.0   4528  2244 ?        Ss   09:58   0:00 /pause\n" +
				"65535       4112  0.0  0.0   4528  2152 ?        Ss   09:58   0:00 /pause\n" +
				"65535       4113  0.0  0.0   4528  2148 ?        Ss   09:58   0:00 /pause\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestPathInstances: "6 /pause processes" counts the ps rows of the
// binary its path names, as "6 pause processes" would; the path was read
// as a path claim only, so any count of it passed.
func TestPathInstances(t *testing.T) {
	judgeQuoted(t, pathInstancesInput(), []quotedCase{
		{"There are 3 /pause processes running [5-7].", ""},
		{"There are 4 /pause processes running [5-7].", "/pause (not 4 processes)"},
		{"ps shows 2 /usr/bin/containerd-shim-runc-v2 processes [2, 3].", ""},
		{"ps shows 3 /usr/bin/containerd-shim-runc-v2 processes [2, 3].", "/usr/bin/containerd-shim-runc-v2 (not 3 processes)"},
	})
	// host53's seven /pause rows (heldout62.txt:16 said 6).
	judgeQuoted(t, scenario(t, "host53"), []quotedCase{
		{"There are 7 /pause processes running [29-35].", ""},
		{"There are 6 /pause processes running [29-35].", "/pause (not 6 processes)"},
	})
}

package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// repeatsInput is a hand-written journal: one message repeated three
// times (twice a second apart), a message repeated with other counters,
// an OOM kill's two lines, and a message that writes a counter of its
// own.
func repeatsInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				"Nov 24 10:00:01 gw1 kernel: nf_conntrack: nf_conntrack: table full, dropping packet\n" +
				"Nov 24 10:20:07 gw1 haproxy[812]: Server api/api1 is DOWN, reason: Layer4 timeout, check duration: 2001ms\n" +
				"Nov 24 10:31:40 gw1 kernel: nf_conntrack: nf_conntrack: table full, dropping packet\n" +
				"Nov 24 10:31:41 gw1 kernel: nf_conntrack: nf_conntrack: table full, dropping packet\n" +
				"Nov 24 10:40:07 gw1 haproxy[812]: Server api/api1 is DOWN, reason: Layer4 timeout, check duration: 2003ms\n" +
				"Nov 24 10:45:00 gw1 kernel: Out of memory: Killed process 4242 (java) total-vm:8123456kB\n" +
				"Nov 24 10:45:00 gw1 kernel: oom_reaper: reaped process 4242 (java), now anon-rss:0kB\n" +
				"Nov 24 10:50:00 gw1 suricata[900]: stats: dropped packets, total events = 37\n" +
				"Nov 24 10:55:00 gw1 suricata[900]: stats: dropped packets, total events = 52\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestRepeatedMessageTimes: "conntrack table full 3 times" counts the
// lines of one repeated message; with no report verb, or with the times
// after it ("twice, at …"), the count went unjudged. Lines of several
// messages (an OOM kill's) leave what one occurrence is unknown.
func TestRepeatedMessageTimes(t *testing.T) {
	judgeQuoted(t, repeatsInput(), []quotedCase{
		{"The conntrack table was full 3 times, last at 10:31:41 [1, 3, 4].", ""},
		{"The conntrack table was full 2 times, last at 10:31:41 [1, 3, 4].", "2 times conntrack table full"},
		{"The nf_conntrack table filled up three times, at 10:00:01, 10:31:40 and 10:31:41 [1, 3, 4].", ""},
		{"The nf_conntrack table filled up twice, at 10:00:01 and at 10:31:40 [1, 3].", "2 times conntrack table"},
		{"haproxy marked api1 DOWN twice, at 10:20:07 and 10:40:07 [2, 5].", ""},
		{"haproxy marked api1 DOWN 3 times [2, 5].", "3 times haproxy api1 down"},
		// A line that writes its own counter may stand for many events:
		// the count is its figure's, not the lines'.
		{"suricata dropped packets 37 times, by its stats at 10:50:00 [8].", ""},
		{"suricata dropped packets 38 times, by its stats at 10:50:00 [8].", "38"},
	})
	// host56 logs the table full four times (heldout60.txt:73 said 3).
	judgeQuoted(t, scenario(t, "host56"), []quotedCase{
		{"conntrack table full 4 times, last at 04:32:25 [210, 211, 224, 234].", ""},
		{"conntrack table full 3 times, last at 04:30:31 [210, 211, 224].", "3 times conntrack table full"},
	})
}

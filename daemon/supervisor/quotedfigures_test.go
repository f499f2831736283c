package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// quotedCase is one cited answer and the Missing entry it must give, or ""
// when it must be grounded.
type quotedCase struct {
	answer, missing string
}

// judgeQuoted judges each answer with in's numbered lines as its Sources.
func judgeQuoted(t *testing.T, in Input, cases []quotedCase) {
	t.Helper()
	in.Sources = sources.Number(in.Results)
	for _, c := range cases {
		in.Answer = c.answer
		r := Judge(in)
		if c.missing == "" {
			if !r.Signals.AnswerGrounded {
				t.Errorf("true %q: not grounded: %+v", c.answer, r.Grounding)
			}
			continue
		}
		if r.Signals.AnswerGrounded || !contains(r.Grounding.Missing, c.missing) {
			t.Errorf("false %q: grounded %v, missing %q, want %q", c.answer, r.Signals.AnswerGrounded, r.Grounding.Missing, c.missing)
		}
	}
}

// quotedInput is a small hand-written capture: a command line with an
// option ps prints as key=n, and journal lines that give the same keys
// other figures.
func quotedInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.TopCPU, Command: "ps aux --sort=-%cpu", Stdout: "" +
				"USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n" +
				"backup      3100 41.0  0.5 120344 40212 ?        Rs   09:58   1:02 rsync --timeout=30 /srv/ backup:/srv/\n"},
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				"Nov 24 10:00:01 web1 haproxy[812]: backend api: server api1 check failed, timeout=120 retries=3\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestQuotedKeyFigure: a figure written key=n as a line of any probe
// prints it is that line's, not the figure a journal line gives the key
// ("--limit=20" of promtool's command line, not nginx's "&limit=1000");
// a figure no line gives the key is still the key's wrong figure.
func TestQuotedKeyFigure(t *testing.T) {
	judgeQuoted(t, quotedInput(), []quotedCase{
		{"rsync (PID 3100) runs with --timeout=30 [2].", ""},
		{"rsync (PID 3100) runs with --timeout=60 [2].", "60 (not timeout's)"},
	})
	judgeQuoted(t, scenario(t, "host56"), []quotedCase{
		{"promtool PID 24149 runs tsdb analyze --limit=20 on /var/lib/prometheus/metrics2 [53].", ""},
		{"promtool PID 24149 runs tsdb analyze --limit=50 on /var/lib/prometheus/metrics2 [53].", "50 (not limit's)"},
	})
}

// TestQuotedMemoryLabel: a size written as a log line prints it under the
// line's own memory label is the line's (a JVM's heap), not the machine's
// RAM; one the line labels otherwise ("[old] … [2.0gb]") or does not
// print is still read as the machine's memory.
func TestQuotedMemoryLabel(t *testing.T) {
	in := quotedInput()
	in.Results = append(in.Results,
		rpc.ProbeResult{Probe: probes.MemoryInfo, Command: "free -h", Stdout: "" +
			"               total        used        free      shared  buff/cache   available\n" +
			"Mem:            15Gi       6.1Gi       7.2Gi       120Mi       2.3Gi       9.0Gi\n"},
		rpc.ProbeResult{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
			"Nov 24 10:02:11 web1 logstash[902]: [gc][old][88][3] duration [3.2s], memory [3.1gb]->[2.2gb]/[4gb], all_pools {[old] [2.9gb]->[2.0gb]/[4gb]}\n"})
	judgeQuoted(t, in, []quotedCase{
		{"The GC took heap memory from 3.1gb to 2.2gb out of 4gb [6].", ""},
		{"The GC took heap memory from 3.1gb to 2.0gb out of 4gb [6].", "2.0gb (memory)"},
		{"The GC took heap memory from 3.1gb to 2.5gb out of 4gb [6].", "2.5gb (memory)"},
		// 2.3Gi is free's buff/cache, not a figure of the line quoted.
		{"The GC took heap memory from 3.1gb down to 2.3gb [6].", "2.3gb (memory)"},
	})
	judgeQuoted(t, scenario(t, "host56"), []quotedCase{
		{"The GC took heap memory from 1.9gb to 1.7gb out of 2gb [228].", ""},
		{"The GC took heap memory from 1.9gb to 1.6gb out of 2gb [228].", "1.6gb (memory)"},
	})
}

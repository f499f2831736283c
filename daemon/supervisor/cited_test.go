package supervisor

import (
	"reflect"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// citedInput is a small machine with numbered lines: ps rows 2 (firefox)
// and 3 (gnome-shell) under the header at 1, then ip addr from line 4:
// eth0 at 4 (state UP), its address at 5, wg0 at 6 (LOWERLAYERDOWN).
func citedInput() Input {
	in := Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
				"alice 4242 3.1 7.4 4000000 1153024 ? Sl 09:00 1:00 /usr/lib/firefox/firefox\n" +
				"alice 2210 1.0 2.9 3000000 450000 ? Sl 09:00 0:30 /usr/bin/gnome-shell\n"},
			{Probe: probes.NetworkAddrs, Command: "ip addr show", Stdout: "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq state UP\n" +
				"    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\n" +
				"3: wg0: <POINTOPOINT,NOARP,UP> mtu 1420 qdisc noqueue state LOWERLAYERDOWN\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
	in.Sources = sources.Number(in.Results)
	return in
}

// TestCitedPairs judges pairs of a true and a false answer, both cited,
// on citedInput or on a scenario's numbered lines: each false one passes
// as a plain answer (its figure or word is on some line) and is caught
// once it cites the line it claims to read.
func TestCitedPairs(t *testing.T) {
	cases := []struct{ name, scenario, true_, false_, missing string }{
		{"another row's figure", "", "One process holds 2.9% of memory [3].", "One process holds 2.9% of memory [2].", "2.9%"},
		{"another line's state", "", "wg0 is LOWERLAYERDOWN [6].", "eth0 is LOWERLAYERDOWN [4].", "LOWERLAYERDOWN (not on the cited lines)"},
		{"no such line", "", "firefox holds 7.4% of memory [2].", "firefox holds 7.4% of memory [99].", "[99] (no such line)"},
		{"another row's RSS", "", "firefox uses about 1.1 GiB (RSS 1153024 KiB) [2].", "firefox uses about 1.1 GiB (RSS 1153024 KiB) [3].", "1153024 KiB"},
		// san0 is an interface on ip addr's lines (78 to 84), not on the
		// cited route lines: the whole evidence's entity names keep its
		// gateway off eth0 ("10.10.10.1 (for eth0)" without them).
		{"an interface named on uncited lines", "host47",
			"The default route goes via 192.0.2.1 on eth0, and 10.10.0.0/16 is routed via 10.10.10.1 on san0 [88, 89].",
			"The default route goes via 192.0.2.1 on eth0, and 10.10.0.0/16 is routed via 10.10.10.1 on san0 [88, 90].", "10.10.0.0/16"},
	}
	input := func(t *testing.T, name string) Input {
		if name == "" {
			return citedInput()
		}
		in := scenario(t, name)
		in.Sources = sources.Number(in.Results)
		return in
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := input(t, c.scenario)
			in.Answer = c.true_
			if r := Judge(in); !r.Signals.AnswerGrounded {
				t.Errorf("true %q: not grounded: %+v", c.true_, r.Grounding)
			}
			in.Answer = c.false_
			r := Judge(in)
			if r.Signals.AnswerGrounded || !contains(r.Grounding.Missing, c.missing) {
				t.Errorf("false %q: grounded %v, missing %q, want %q", c.false_, r.Signals.AnswerGrounded, r.Grounding.Missing, c.missing)
			}
			plain := input(t, c.scenario)
			plain.Sources = nil
			plain.Answer, _ = sources.Parse(c.false_)
			if c.name != "no such line" && !Judge(plain).Signals.AnswerGrounded {
				t.Errorf("plain %q is caught without citations: the pair shows nothing", plain.Answer)
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestUncitedUnchanged checks that an answer without citations is judged
// exactly as before, whether or not Sources are given: a model that
// ignores the contract is judged on the whole evidence.
func TestUncitedUnchanged(t *testing.T) {
	for _, answer := range []string{
		"firefox holds 7.4% of memory.",
		"firefox holds 2.9% of memory.",
		"eth0 is LOWERLAYERDOWN.",
		"sshd on [::]:22 and the [1/2] split.",
		"",
	} {
		in := citedInput()
		in.Answer = answer
		plain := in
		plain.Sources = nil
		if got, want := Judge(in), Judge(plain); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: with Sources %+v, without %+v", answer, got, want)
		}
	}
}

// TestDistinctiveWords checks which words the containment rule reads:
// common capitalised words of prose are never required on the cited lines.
func TestDistinctiveWords(t *testing.T) {
	in := citedInput()
	evidence := EvidenceText(in)
	ix := newIndex(evidence)
	sent := "Over SSH and TCP the CPU and RAM look fine; eth0 is UP and LOWERLAYERDOWN is on wg0, no UP flag aside."
	got := distinctive(sent, nil, ix, evidence)
	want := []string{"eth0", "UP", "LOWERLAYERDOWN", "wg0"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("distinctive(%q) = %q, want %q", sent, got, want)
	}
}

// TestCitedBounded judges an answer of many cited sentences, each citing
// every line and some that do not exist: it stays an answer (the bounds
// of cited.go cap the sentences and lines checked) and the first
// sentences are still judged. A sentence past maxCitedSentences keeps the
// whole check's verdict: its own lines would refute it, and they are not
// read.
func TestCitedBounded(t *testing.T) {
	in := citedInput()
	in.Answer = strings.Repeat("eth0 is LOWERLAYERDOWN [4]. firefox holds 7.4% of memory [1-60, 99]. ", 200)
	r := Judge(in)
	if r.Signals.AnswerGrounded || !contains(r.Grounding.Missing, "LOWERLAYERDOWN (not on the cited lines)") || !contains(r.Grounding.Missing, "[99] (no such line)") {
		t.Errorf("grounded %v, missing %q", r.Signals.AnswerGrounded, r.Grounding.Missing)
	}
	// True sentences of two lengths, so the reply is no phrase loop.
	const refuted = "eth0 is LOWERLAYERDOWN [4]."
	var before strings.Builder
	for i := range maxCitedSentences {
		before.WriteString([]string{"wg0 is LOWERLAYERDOWN [6]. ", "firefox holds 7.4% of memory [2]. "}[i%2])
	}
	in.Answer = before.String() + refuted
	if r := Judge(in); !r.Signals.AnswerGrounded || len(r.Grounding.Missing) > 0 {
		t.Errorf("%q after %d cited sentences is judged on its lines: grounded %v, missing %q, unusable %q", refuted, maxCitedSentences, r.Signals.AnswerGrounded, r.Grounding.Missing, r.Unusable)
	}
	// One sentence fewer before it, and its lines judge it.
	in.Answer = strings.TrimPrefix(before.String(), "wg0 is LOWERLAYERDOWN [6]. ") + refuted
	if r := Judge(in); r.Signals.AnswerGrounded || !contains(r.Grounding.Missing, "LOWERLAYERDOWN (not on the cited lines)") {
		t.Errorf("%q after %d cited sentences: grounded %v, missing %q, unusable %q", refuted, maxCitedSentences-1, r.Signals.AnswerGrounded, r.Grounding.Missing, r.Unusable)
	}
}

// TestCitedRejudge: a name the whole evidence's check finds in a cited
// sentence, which the check of the sentence's own lines does not read as a
// claim, must still be on those lines ("db2" said UP with only db1's line
// cited). A kind word ("IPv4") is not held to the lines.
func TestCitedRejudge(t *testing.T) {
	in := Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				"Nov 24 21:10:02 lb-02 haproxy[712]: Server pg/db1 is DOWN, reason: Layer4 timeout.\n" +
				"Nov 24 21:10:07 lb-02 haproxy[712]: Server pg/db2 is DOWN, reason: Layer4 connection problem.\n" +
				"Nov 24 21:14:40 lb-02 haproxy[712]: Server pg/db1 is UP, reason: Layer4 check passed.\n"},
			{Probe: probes.NetworkAddrs, Command: "ip addr show", Stdout: "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq state UP\n" +
				"    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
	in.Sources = sources.Number(in.Results)
	for _, a := range []string{"db1 came back UP at 21:14:40 [3].", "Both db1 and db2 went DOWN [1, 2]."} {
		in.Answer = a
		if r := Judge(in); !r.Signals.AnswerGrounded {
			t.Errorf("true %q: not grounded: %+v", a, r.Grounding)
		}
	}
	// "IPv4" is a kind the whole check finds on no one line.
	nas := scenario(t, "host47")
	nas.Sources = sources.Number(nas.Results)
	nas.Answer = "It has two IPv4 addresses, 192.0.2.2/24 on eth0 and 10.10.10.5/24 on san0 [72, 84]."
	if r := Judge(nas); !r.Signals.AnswerGrounded {
		t.Errorf("true %q: not grounded: %+v", nas.Answer, r.Grounding)
	}
	// "Postfix" is a product the whole check reads off a process named
	// master; the cited line says master, and that is enough.
	mail := scenario(t, "host37")
	mail.Sources = sources.Number(mail.Results)
	mail.Answer = "The Postfix master process (PID 26950) listens on port 25 [85]."
	if r := Judge(mail); !r.Signals.AnswerGrounded {
		t.Errorf("true %q: not grounded: %+v", mail.Answer, r.Grounding)
	}
	in.Answer = "Both db1 and db2 came back UP at 21:14:40 [3]."
	r := Judge(in)
	if r.Signals.AnswerGrounded || !contains(r.Grounding.Missing, "db2 (not on the cited lines)") {
		t.Errorf("false %q: grounded %v, missing %q", in.Answer, r.Signals.AnswerGrounded, r.Grounding.Missing)
	}
}

// TestCitedRecordHead: citing an interface's line cites the addresses
// indented under it (one record of ip addr), not the next interface's.
func TestCitedRecordHead(t *testing.T) {
	in := citedInput()
	in.Answer = "eth0 is UP with 192.0.2.2/24 [4]."
	if r := Judge(in); !r.Signals.AnswerGrounded {
		t.Errorf("true %q: not grounded: %+v", in.Answer, r.Grounding)
	}
	// The record ends where the next interface starts: wg0's state is
	// not eth0's.
	in.Answer = "eth0 has 192.0.2.2/24 and is LOWERLAYERDOWN [4]."
	if r := Judge(in); r.Signals.AnswerGrounded || !contains(r.Grounding.Missing, "LOWERLAYERDOWN (not on the cited lines)") {
		t.Errorf("false %q: grounded %v, missing %q", in.Answer, r.Signals.AnswerGrounded, r.Grounding.Missing)
	}
}

// TestCitedOffsetSafe: a letter that lowercases to another length, or an
// invalid byte, before a citation leaves it on its own sentence, so the
// cited lines still judge it.
func TestCitedOffsetSafe(t *testing.T) {
	for _, odd := range []string{"\u212a", "\xff", "Ⱥ"} {
		in := citedInput()
		in.Answer = "Note: " + strings.Repeat(odd, 20) + ". eth0 is LOWERLAYERDOWN [4]."
		r := Judge(in)
		if r.Signals.AnswerGrounded || !contains(r.Grounding.Missing, "LOWERLAYERDOWN (not on the cited lines)") {
			t.Errorf("%q before the citation: grounded %v, missing %q", odd, r.Signals.AnswerGrounded, r.Grounding.Missing)
		}
	}
}

// TestCitedBareFigures checks that a number no claim reads must be on the
// lines its sentence cites, as written or shortened, and that the size of
// a listing ("the top 50") is not looked for.
func TestCitedBareFigures(t *testing.T) {
	// 146| … Job failed: exit code 1 duration_s=412.7 job=88213 …
	judgeQuoted(t, scenario(t, "host49"), []quotedCase{
		{"The CI job 88213 failed with exit code 1 after 412.7 seconds [146].", ""},
		{"The CI job failed with exit code 1 after about 413 seconds [146].", ""},
		{"The CI job failed with exit code 1 after about 412 seconds [146].", ""},
		{"Of the top 50 processes by memory, cc1plus (PID 1122) is first [2].", ""},
		{"The CI job failed with exit code 1 after 421.7 seconds [146].", "421.7 (not on the cited lines)"},
		{"gitlab-runner's job failed with exit code 1 (**10**) [146].", "10 (not on the cited lines)"},
		{"The CI job failed with exit code 1 after 412.7 seconds [145].", "412.7 (not on the cited lines)"},
	})
}

// TestUnjudgedPrintedOnly: a claim the whole check found that no line
// prints as written (a figure it derived, "1.5G" of an RSS in KiB) is not
// held to the cited lines; one a line prints is.
func TestUnjudgedPrintedOnly(t *testing.T) {
	ev := EvidenceText(scenario(t, "host31"))
	full := newIndex(offsetSafe(ev))
	found := []placed{{off: 20, text: "1.5G (for java)"}, {off: 30, text: "29963 (for redis-server)"}}
	got := unjudged(found, Grounding{}, "java (PID 29962) 1.5G, 29963 [88].", 0, full, "tcp listen 0.0.0.0:8081 java pid=29962", "")
	if len(got) != 1 || got[0].text != "29963 (not on the cited lines)" {
		t.Errorf("unjudged = %+v, want only 29963 held to the lines", got)
	}
}

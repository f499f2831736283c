package cli

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func ptr(s string) *string { return &s }

func sampleAnswer() *rpc.Answer {
	return &rpc.Answer{
		Version:          "0.1.0",
		Model:            "qwen2.5:0.5b",
		Answer:           "Firefox uses the most memory: 1.2 GiB.",
		ReliabilityScore: 80,
		Domain:           rpc.DomainSystem,
		Evidence: rpc.Evidence{ProbesExecuted: []rpc.ProbeResult{
			{Probe: "top_memory", Command: "ps aux --sort=-%mem"},
			{Probe: "memory_info", Command: "free -h"},
		}},
	}
}

func render(t *testing.T, query string, a *rpc.Answer, width int, color bool) string {
	t.Helper()
	var b strings.Builder
	if err := renderAnswer(&b, query, a, width, style{color: color}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestRenderAnswerPlain(t *testing.T) {
	rule := strings.Repeat("─", 38)
	want := "anna v0.1.0 (qwen2.5:0.5b)\n" + rule + "\n" +
		"[you]\nwhat uses my memory\n\n" +
		"[anna] system specialist  reliability: 80%\n" +
		"Firefox uses the most memory: 1.2 GiB.\n\n" +
		"probes: top_memory, memory_info\n" + rule + "\n"
	if got := render(t, "what uses my memory", sampleAnswer(), 0, false); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestRenderAnswerDetails(t *testing.T) {
	a := sampleAnswer()
	a.Model = ""
	a.Version = "v0.2.0"
	a.Domain = ""
	a.ReliabilityScore = 20
	a.Answer = "\x1b]0;pwned\x07I could not finish in time."
	a.NeedsClarification = true
	a.ClarificationQuestion = ptr("Which \x1b[31mservice\x1b[0m do you mean?")
	a.Evidence.LastError = ptr("timeout at translator")
	a.Evidence.ProbesExecuted = []rpc.ProbeResult{{Probe: "system_logs", ExitCode: 1}, {Command: "df -h"}}
	got := render(t, "help", a, 0, false)
	for _, want := range []string{
		"anna v0.2.0 (no llm)\n",
		"[anna] general specialist  reliability: 20%\n",
		"I could not finish in time.\n\nneeds clarification: Which service do you mean?\n",
		"last error: timeout at translator\n",
		"probes: system_logs (failed), df -h\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "\x1b") || strings.Contains(got, "pwned") {
		t.Errorf("escape sequences survived:\n%q", got)
	}
}

func TestRenderClarificationOnly(t *testing.T) {
	a := sampleAnswer()
	a.Answer = "What would you like to know?"
	a.NeedsClarification = true
	a.ClarificationQuestion = ptr("What would you like to know?")
	a.Evidence.ProbesExecuted = nil
	got := render(t, "help me", a, 0, false)
	if strings.Count(got, "What would you like to know?") != 1 {
		t.Errorf("the question should appear once, marked:\n%s", got)
	}
	if !strings.Contains(got, "needs clarification: What would you like to know?\n\nprobes: none\n") {
		t.Errorf("clarification or probes line missing:\n%s", got)
	}
}

func TestRenderNoAnswer(t *testing.T) {
	a := sampleAnswer()
	a.Answer = "  "
	if got := render(t, "q", a, 0, false); !strings.Contains(got, "(no answer)\n") {
		t.Errorf("empty answer not marked:\n%s", got)
	}
}

func TestRenderColors(t *testing.T) {
	for score, sgr := range map[int]string{100: "\x1b[1;32m100%", 80: "\x1b[1;32m80%", 79: "\x1b[1;33m79%", 40: "\x1b[1;33m40%", 39: "\x1b[1;31m39%", 0: "\x1b[1;31m0%"} {
		a := sampleAnswer()
		a.ReliabilityScore = score
		got := render(t, "q", a, 80, true)
		if !strings.Contains(got, sgr) {
			t.Errorf("score %d: want %q in\n%q", score, sgr, got)
		}
		if !strings.Contains(got, "\x1b[1m[you]\x1b[0m") || !strings.Contains(got, "\x1b[1m[anna]\x1b[0m") {
			t.Errorf("headers not bold:\n%q", got)
		}
	}
	if got := render(t, "q", sampleAnswer(), 80, false); strings.Contains(got, "\x1b") {
		t.Errorf("color off but output has escapes:\n%q", got)
	}
}

func TestRenderWidth(t *testing.T) {
	a := sampleAnswer()
	a.Answer = strings.Repeat("메모리를 가장 많이 쓰는 것은 파이어폭스입니다. ", 6)
	for _, width := range []int{20, 40, 72, 200} {
		got := render(t, "what uses my memory", a, width, false)
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		rules := 0
		for _, line := range lines {
			if line == strings.Repeat("─", min(width, 72)) {
				rules++
			}
		}
		if rules != 2 {
			t.Errorf("width %d: want two rules of %d columns:\n%s", width, min(width, 72), got)
		}
		for _, line := range lines {
			if w := cells.StringWidth(line); w > width {
				t.Errorf("width %d: line %q is %d columns", width, line, w)
			}
		}
	}
}

// Colors are decided from the terminal flag and NO_COLOR (no-color.org:
// any non-empty value), and TERM=dumb.
func TestColorOK(t *testing.T) {
	tests := []struct {
		tty  bool
		env  map[string]string
		want bool
	}{
		{true, nil, true},
		{false, nil, false},
		{true, map[string]string{"NO_COLOR": "1"}, false},
		{true, map[string]string{"NO_COLOR": ""}, true},
		{true, map[string]string{"TERM": "dumb"}, false},
	}
	for _, tt := range tests {
		sys := IO{Getenv: func(k string) string { return tt.env[k] }}
		if got := sys.colorOK(tt.tty); got != tt.want {
			t.Errorf("colorOK(tty=%v, %v) = %v", tt.tty, tt.env, got)
		}
	}
}

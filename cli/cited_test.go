package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func citedAnswer(n int) *rpc.Answer {
	a := sampleAnswer()
	a.Evidence.CitedLines = []rpc.CitedLine{
		{N: 2, Probe: "top_memory", Text: "alice     1000  1.5 12.0 3923456 2000000 ?        Sl   09:12   1:00 /usr/lib/firefox/firefox"},
		{N: 153, Probe: "memory_info", Text: "Mem:            15Gi       6.1Gi \x1b[2J"},
	}
	for i := len(a.Evidence.CitedLines); i < n; i++ {
		a.Evidence.CitedLines = append(a.Evidence.CitedLines, rpc.CitedLine{N: 200 + i, Probe: "system_logs", Text: fmt.Sprintf("line %d", i)})
	}
	return a
}

// The lines an answer cites are listed under its probes, one a line,
// sanitized and with runs of spaces collapsed; past five they are counted.
func TestRenderCitedLines(t *testing.T) {
	got := render(t, "what uses my memory", citedAnswer(2), 0, false)
	want := "probes: top_memory, memory_info\n" +
		"cited: top_memory  alice 1000 1.5 12.0 3923456 2000000 ? Sl 09:12 1:00 /usr/lib/firefox/firefox\n" +
		"       memory_info  Mem: 15Gi 6.1Gi\n" + strings.Repeat("─", 38) + "\n"
	if !strings.HasSuffix(got, want) {
		t.Errorf("got\n%s\nwant it to end with\n%s", got, want)
	}
	got = render(t, "q", citedAnswer(7), 0, false)
	if !strings.Contains(got, "       system_logs  line 4\n       (2 more cited lines in the evidence)\n") || strings.Contains(got, "line 5") {
		t.Errorf("seven cited lines:\n%s", got)
	}
	if got := render(t, "q", citedAnswer(2), 80, true); !strings.Contains(got, "\x1b[1mcited:\x1b[0m top_memory") {
		t.Errorf("label not bold:\n%q", got)
	}
}

// On a terminal a cited line is cut to the width, never wrapped.
func TestRenderCitedLinesWidth(t *testing.T) {
	for _, width := range []int{20, 40, 72} {
		got := render(t, "q", citedAnswer(3), width, false)
		if !strings.Contains(got, "cited: top_memory ") || !strings.Contains(got, "\n       memory_info ") {
			t.Errorf("width %d: cited lines missing:\n%s", width, got)
		}
		for _, line := range strings.Split(got, "\n") {
			if w := cells.StringWidth(line); w > width {
				t.Errorf("width %d: line %q is %d columns", width, line, w)
			}
		}
		if n := strings.Count(got, "\n"); n != strings.Count(render(t, "q", sampleAnswer(), width, false), "\n")+3 {
			t.Errorf("width %d: three cited lines took %d lines in all:\n%s", width, n, got)
		}
	}
}

// Too narrow for one character and "…" after the label, a cited line
// shows only its label: a cut line never wraps.
func TestCitedBlockNarrow(t *testing.T) {
	lines := citedAnswer(2).Evidence.CitedLines
	if got, want := citedBlock(lines, 8, style{}), "cited: \n       \n"; got != want {
		t.Errorf("width 8: %q; want %q", got, want)
	}
	if got, want := citedBlock(lines, 9, style{}), "cited: t…\n       m…\n"; got != want {
		t.Errorf("width 9: %q; want %q", got, want)
	}
}

package cli

import (
	"strings"
	"testing"

	"github.com/clipperhouse/uax29/v2/graphemes"
)

func TestCellsMeasureWideText(t *testing.T) {
	for s, want := range map[string]int{
		"안녕하세요": 10, "hello": 5, "日本語": 6, "👍": 2, "👍🏽": 2, "👨‍👩‍👧": 2, "🇳🇴": 2, "─": 1, "é": 1,
	} {
		if got := cells.StringWidth(s); got != want {
			t.Errorf("width of %q = %d, want %d", s, got, want)
		}
	}
}

func TestWrap(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		{"the quick brown fox", 10, "the quick\nbrown fox"},
		{"the quick brown fox", 0, "the quick brown fox"},
		{"short", 80, "short"},
		{"keep\n\nmy breaks", 80, "keep\n\nmy breaks"},
		{"a verylongwordthatdoesnotfit b", 8, "a\nverylong\nwordthat\ndoesnotf\nit b"},
		{"안녕하세요 세계", 10, "안녕하세요\n세계"},
		{"안녕하세요", 5, "안녕\n하세\n요"},
		{"안녕하세요", 9, "안녕하세\n요"},
		{"ab안녕", 3, "ab\n안\n녕"},
		{"👍🏽👍🏽👍🏽", 5, "👍🏽👍🏽\n👍🏽"},
		{"👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧\n👨‍👩‍👧"},
		{"🇳🇴🇰🇷", 2, "🇳🇴\n🇰🇷"},
		{"안", 1, "안"}, // wider than the line: placed alone, never dropped
		{"  indented text here", 12, "  indented\ntext here"},
		{"a\tb", 80, "a       b"},
		{"col\tx", 6, "col\nx"},
		{"trailing spaces   ", 9, "trailing\nspaces"},
	}
	for _, tt := range tests {
		if got := wrap(tt.in, tt.width); got != tt.want {
			t.Errorf("wrap(%q, %d) =\n%q\nwant\n%q", tt.in, tt.width, got, tt.want)
		}
	}
}

// Wrapping never splits a grapheme cluster, never loses one, and keeps
// every line within the width unless a single cluster is wider.
func TestWrapProperties(t *testing.T) {
	text := "Anna는 로컬 AI 비서입니다 👩‍💻 and she checks 🇳🇴 flags, 日本語のテキスト、 and e\u0301 accents quickly."
	want := clusters(strings.ReplaceAll(text, " ", ""))
	for width := 1; width <= 40; width++ {
		out := wrap(text, width)
		for _, line := range strings.Split(out, "\n") {
			if w := cells.StringWidth(line); w > width && len(clusters(line)) > 1 {
				t.Errorf("width %d: line %q is %d columns", width, line, w)
			}
		}
		got := clusters(strings.ReplaceAll(strings.ReplaceAll(out, "\n", ""), " ", ""))
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("width %d: clusters changed:\n%q\n%q", width, got, want)
		}
	}
}

func clusters(s string) []string {
	var cs []string
	g := graphemes.FromString(s)
	for g.Next() {
		cs = append(cs, g.Value())
	}
	return cs
}

func TestFitTail(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		{"translator… dispatcher…", 40, "translator… dispatcher…"},
		{"translator… dispatcher: probe top_memory… specialist…", 20, "…memory… specialist…"},
		{"안녕하세요", 6, "…세요"},
		{"abc", 1, ""},
	}
	for _, tt := range tests {
		got := fitTail(tt.in, tt.width)
		if got != tt.want {
			t.Errorf("fitTail(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
		}
		if w := cells.StringWidth(got); w > tt.width {
			t.Errorf("fitTail(%q, %d) is %d columns", tt.in, tt.width, w)
		}
	}
}

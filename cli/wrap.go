package cli

import (
	"strings"

	"github.com/clipperhouse/uax29/v2/graphemes"
	"github.com/mattn/go-runewidth"
)

// cells measures text in terminal columns. It is fixed rather than taken
// from the locale so output is the same everywhere: Hangul and CJK are two
// columns, emoji sequences (ZWJ, skin tones, flags) are one two-column
// glyph, and East Asian ambiguous characters such as the rule's "─" are one.
var cells = &runewidth.Condition{EastAsianWidth: false, StrictEmojiNeutral: true}

// tabStop is the column multiple a tab advances to, as on a terminal.
const tabStop = 8

// wrap breaks s into lines of at most width columns. It keeps the line
// breaks already in s, breaks between words where it can, breaks inside a
// word only when the word is wider than a line, and never splits a grapheme
// cluster. Tabs are expanded so their width is known. A width of 0 or less
// returns s unchanged.
func wrap(s string, width int) string {
	if width <= 0 {
		return s
	}
	var out []string
	for _, line := range strings.Split(s, "\n") {
		out = append(out, wrapLine(expandTabs(line), width)...)
	}
	return strings.Join(out, "\n")
}

// expandTabs replaces each tab with the spaces up to the next tab stop.
func expandTabs(line string) string {
	if !strings.Contains(line, "\t") {
		return line
	}
	var b strings.Builder
	col := 0
	for _, seg := range strings.SplitAfter(line, "\t") {
		text, tab := strings.CutSuffix(seg, "\t")
		b.WriteString(text)
		col += cells.StringWidth(text)
		if tab {
			n := tabStop - col%tabStop
			b.WriteString(strings.Repeat(" ", n))
			col += n
		}
	}
	return b.String()
}

// cluster is one grapheme cluster and its width in columns.
type cluster struct {
	text  string
	width int
}

// token is a run of spaces or a word (a run of anything else), as a slice
// of the line.
type token struct {
	text  string
	width int
	space bool
}

func tokenize(line string) []token {
	if ascii(line) {
		return tokenizeASCII(line)
	}
	var toks []token
	start := 0
	g := graphemes.FromString(line)
	for g.Next() {
		c := g.Value()
		w := cells.StringWidth(c)
		space := c == " "
		if n := len(toks); n > 0 && toks[n-1].space == space {
			toks[n-1].text = line[start:g.End()]
			toks[n-1].width += w
			continue
		}
		start = g.Start()
		toks = append(toks, token{text: c, width: w, space: space})
	}
	return toks
}

// tokenizeASCII is tokenize for printable ASCII, where every byte is a
// one-column cluster; most answers are English and need no segmentation.
func tokenizeASCII(line string) []token {
	toks := make([]token, 0, 2*strings.Count(line, " ")+1)
	start := 0
	for i := 1; i <= len(line); i++ {
		if i == len(line) || (line[i] == ' ') != (line[start] == ' ') {
			toks = append(toks, token{text: line[start:i], width: i - start, space: line[start] == ' '})
			start = i
		}
	}
	return toks
}

// ascii reports whether line is printable ASCII only.
func ascii(line string) bool {
	for i := 0; i < len(line); i++ {
		if line[i] < 0x20 || line[i] >= 0x7f {
			return false
		}
	}
	return true
}

// wrapLine wraps one line (no "\n" in it). Spaces at a break are dropped;
// the line's leading indentation is kept when it fits.
func wrapLine(line string, width int) []string {
	if cells.StringWidth(line) <= width {
		return []string{line}
	}
	var lines []string
	var cur strings.Builder
	curW := 0
	var pending token
	breakLine := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		curW = 0
	}
	for _, t := range tokenize(line) {
		if t.space {
			if curW == 0 && len(lines) > 0 {
				continue
			}
			pending = t
			continue
		}
		if curW+pending.width+t.width <= width {
			cur.WriteString(pending.text)
			cur.WriteString(t.text)
			curW += pending.width + t.width
			pending = token{}
			continue
		}
		pending = token{}
		if curW > 0 {
			breakLine()
		}
		if t.width <= width {
			cur.WriteString(t.text)
			curW = t.width
			continue
		}
		g := graphemes.FromString(t.text)
		for g.Next() {
			c := cluster{text: g.Value(), width: cells.StringWidth(g.Value())}
			// A cluster wider than the whole line still goes on one,
			// so wrapping always progresses.
			if curW+c.width > width && curW > 0 {
				breakLine()
			}
			cur.WriteString(c.text)
			curW += c.width
		}
	}
	if curW > 0 || len(lines) == 0 {
		breakLine()
	}
	return lines
}

// fitTail returns the end of s that fits in width columns, with "…" in
// front when something was cut, so a status line shows the latest step.
func fitTail(s string, width int) string {
	if cells.StringWidth(s) <= width {
		return s
	}
	if width < 2 {
		return ""
	}
	var cs []cluster
	g := graphemes.FromString(s)
	for g.Next() {
		cs = append(cs, cluster{text: g.Value(), width: cells.StringWidth(g.Value())})
	}
	w, i := 1, len(cs) // 1 for the ellipsis
	for i > 0 && w+cs[i-1].width <= width {
		i--
		w += cs[i].width
	}
	var b strings.Builder
	b.WriteString("…")
	for _, c := range cs[i:] {
		b.WriteString(c.text)
	}
	return b.String()
}

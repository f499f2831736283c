package desk

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// The specialist ends its sentences with the numbers of the probe lines
// they come from ("[12]"). Those numbers are for the supervisor and the
// evidence block; the user reads the answer without them, in the final
// answer, in the session's history (a later prompt numbers its lines
// afresh, so an old "[12]" would point at another line) and in the text
// streamed while the model writes.

// citedLines resolves an answer's citations against the lines the model
// was shown: each number once, in the order first cited, with its text
// bounded. A number the model never saw resolves to nothing and is left
// out. The result is never nil, so the evidence reads "cited_lines": [].
func citedLines(cites []sources.Cite, shown []sources.Line) []rpc.CitedLine {
	byN := make(map[int]sources.Line, len(shown))
	for _, l := range shown {
		byN[l.N] = l
	}
	out := []rpc.CitedLine{}
	seen := map[int]bool{}
	for _, c := range cites {
		for _, n := range c.Lines {
			l, ok := byN[n]
			if !ok || seen[n] {
				continue
			}
			seen[n] = true
			text := l.Text
			if len(text) > rpc.MaxCitedLineBytes {
				text = runecut.Ellipsis(text, rpc.MaxCitedLineBytes-len("…"))
			}
			out = append(out, rpc.CitedLine{N: n, Probe: l.Probe, Text: text})
		}
	}
	return out
}

// citeStream passes the specialist's streamed text on without its
// citations. A citation can arrive split over chunks ("[1", "2]"), so the
// text from an opening bracket that may still become one is held back
// until it closes or cannot, and so are the spaces before it, which
// sources.Parse removes with the citation. The pieces it emits join to
// what sources.Parse makes of the whole text.
type citeStream struct {
	emit func(string)
	held string
	// last is the last byte of the raw text already passed on: whether
	// a bracket is a citation depends on the byte before it ("sshd[612]"
	// is a PID), which an earlier chunk may hold.
	last byte
}

// clean returns raw without its citations, read after the text already
// passed on.
func (c *citeStream) clean(raw string) string {
	out, _ := sources.ParseAfter(c.last, raw)
	c.last = raw[len(raw)-1]
	return out
}

// write takes the next chunk of the model's reply.
func (c *citeStream) write(chunk string) {
	s := c.held + chunk
	cut := len(s)
	if i := strings.LastIndexByte(s, '['); i >= 0 && sources.MayCite(s[i+1:]) {
		cut = i
	}
	cut = len(strings.TrimRight(s[:cut], " \t"))
	c.held = s[cut:]
	if cut > 0 {
		c.emit(c.clean(s[:cut]))
	}
}

// flush emits what is held back once the reply has ended.
func (c *citeStream) flush() {
	if c.held != "" {
		held := c.held
		c.held = ""
		c.emit(c.clean(held))
	}
}

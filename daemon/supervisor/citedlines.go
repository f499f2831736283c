package supervisor

import (
	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// citedLines is the evidence's list of the lines an answer's true facts
// rest on: the lines the checker found them on (which may be a neighbour
// of the one a fact names), not the lines of false facts, so the user
// sees what each fact shown as true stands on. Each line's text is
// bounded. The result is never nil, so the evidence reads
// "cited_lines": [].
func citedLines(lines []int, shown []sources.Line) []rpc.CitedLine {
	byN := make(map[int]sources.Line, len(shown))
	for _, l := range shown {
		byN[l.N] = l
	}
	out := []rpc.CitedLine{}
	for _, n := range lines {
		l, ok := byN[n]
		if !ok {
			continue
		}
		text := l.Text
		if len(text) > rpc.MaxCitedLineBytes {
			text = runecut.Ellipsis(text, rpc.MaxCitedLineBytes-len("…"))
		}
		out = append(out, rpc.CitedLine{N: n, Probe: l.Probe, Text: text})
	}
	return out
}

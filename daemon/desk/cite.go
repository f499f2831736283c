package desk

import (
	"github.com/jjgarcianorway/anna-assistant/daemon/facts"
	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// Each fact of the specialist's answer names the probe line it comes from.
// The user reads the facts without those numbers ("nginx RSS: 52344");
// the evidence block lists the lines, so the user can see what each fact
// rests on.

// factLines resolves the lines an answer's facts name against the lines
// the model was shown: each once, in the order first named, with its text
// bounded. A number the model never saw, the hardware snapshot's 0 and a
// count's lines are left out. The result is never nil, so the evidence
// reads "cited_lines": [] — also for a reply that is not the fact form.
func factLines(reply string, shown []sources.Line) []rpc.CitedLine {
	out := []rpc.CitedLine{}
	a, err := facts.Parse(reply)
	if err != nil {
		return out
	}
	byN := make(map[int]sources.Line, len(shown))
	for _, l := range shown {
		byN[l.N] = l
	}
	seen := map[int]bool{}
	for _, f := range a.Facts {
		l, ok := byN[f.Line]
		if !ok || f.Count != "" || seen[f.Line] {
			continue
		}
		seen[f.Line] = true
		text := l.Text
		if len(text) > rpc.MaxCitedLineBytes {
			text = runecut.Ellipsis(text, rpc.MaxCitedLineBytes-len("…"))
		}
		out = append(out, rpc.CitedLine{N: f.Line, Probe: l.Probe, Text: text})
	}
	return out
}

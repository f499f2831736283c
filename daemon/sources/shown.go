package sources

import (
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// DefaultLineBytes bounds a line as a prompt shows it, for a probe
// lineBytes does not name: one huge line (a java classpath on ps) cannot
// eat the prompt's budget.
const DefaultLineBytes = 160

// lineBytes are the probes whose lines a prompt shows longer than
// DefaultLineBytes: their point is often at a long line's end.
var lineBytes = map[string]int{
	probes.ListeningPorts: 200,
	probes.FailedServices: 200,
	probes.SystemLogs:     220,
}

// LineBytes is the most bytes of one of probe's lines a prompt shows.
func LineBytes(probe string) int {
	if n, ok := lineBytes[probe]; ok {
		return n
	}
	return DefaultLineBytes
}

// Shown is l's text as a prompt shows it: cut to its probe's LineBytes,
// with "…" where it was cut. Text stays whole, so a checker can read a
// line either way: a count the model made of what it saw is right of the
// shown text, though the whole text may hold more.
func (l Line) Shown() string {
	return runecut.Ellipsis(l.Text, LineBytes(l.Probe))
}

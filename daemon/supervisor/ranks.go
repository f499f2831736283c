package supervisor

import (
	"math"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// consumerNouns name the one a superlative ranks first ("the top memory
// user", "the top consumer of CPU").
var consumerNouns = lexicon.NewSet(`user consumer process program hog eater offender`)

// topRanks reports whether "top" at ws[i] ranks like "biggest": before a
// singular consumer noun, after at most a measure word ("X is the top
// memory user"). Elsewhere it is a list's ("top 5", "the top memory
// list", "top memory users") or the command's ("top -p 8943").
func topRanks(ws []string, i int) bool {
	next := at(ws, i+1)
	if memoryWords[next] || cpuWords[next] {
		next = at(ws, i+2)
	}
	return consumerNouns[next]
}

// rankNoun reports a consumer noun at ws[i] that a superlative, "top" or
// a measure word heads: "the biggest mem user qemu" names qemu as what
// uses the most, not as the user it runs as (users.go).
func rankNoun(ws []string, i int) bool {
	prev := at(ws, i-1)
	return consumerNouns[ws[i]] && (superlatives[prev] || prev == "top" || memoryWords[prev] || cpuWords[prev])
}

// rankColumns are the ps columns a ranking probe is sorted by.
var rankColumns = map[string]string{"top_memory": "%mem", "top_cpu": "%cpu"}

// rankedByColumn checks a superlative when no table sorted by its
// measure ran: the server's ps is sorted by CPU, so "the second-largest
// memory user" is ranked by the %MEM column of any ps table. Its first
// process or PID must hold the rank-th largest value (a tie holds). It
// reports the claim that fails, or nil. When the table sorted by the
// measure ran but its rows stand out of its figures' order (see
// figureranks.go), it ranks own, that table's figures.
func (ix *index) rankedByColumn(anchors []claim, probe string, rank int, own []float64) *claim {
	col := rankColumns[probe]
	if col == "" {
		return nil
	}
	vals := largestFirst(own)
	if len(own) == 0 {
		vals, probe = largestFirst(ix.columnValues(col, "")), ""
	}
	if rank >= len(vals) {
		return nil
	}
	for i := range anchors {
		a := &anchors[i]
		if (a.class != classProcess && a.class != classPID) || a.positional || a.soft {
			continue
		}
		if v, ok := ix.colMax(*a, col, probe); ok && math.Abs(v-vals[rank]) < rankTie {
			return nil
		}
		return a
	}
	return nil
}

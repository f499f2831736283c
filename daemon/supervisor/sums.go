package supervisor

import (
	"fmt"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// maxSumReach is how many sentences back a sum that names no entity
// ("Together they hold about 2.1 GiB.") looks for the entities it adds.
const maxSumReach = 3

// maxSumItems bounds the list items above a sum that it may add up.
const maxSumItems = 16

// sumAnchors returns the entities a sum c adds up: those its sentence
// names, else those of the list items right above its line ("- PID 7740:
// … \n- PID 8073: … \nTogether they hold about 2.1 GiB"), else those of
// the nearest earlier sentence that names at least two ("PID 7740 … and
// PID 8073 …. Together that's about 8.7%"), for "together they",
// "that's" refer back to them.
func sumAnchors(answer string, anchors map[int][]claim, c claim) []claim {
	if len(anchors[c.sent]) > 0 {
		return anchors[c.sent]
	}
	return earlierAnchors(answer, anchors, c)
}

// earlierAnchors returns the entities the answer named just before c's
// sentence: the list items right above its line, else the nearest earlier
// sentence that names at least two.
func earlierAnchors(answer string, anchors map[int][]claim, c claim) []claim {
	if lo, hi := itemsAbove(answer, c.off); lo < hi {
		var items []claim
		for s := c.sent - 1; s >= 0; s-- {
			for _, a := range anchors[s] {
				if a.off >= lo && a.off < hi {
					items = append(items, a)
				}
			}
		}
		if len(items) >= 2 {
			return items
		}
	}
	for s := c.sent - 1; s >= 0 && s >= c.sent-maxSumReach; s-- {
		if len(anchors[s]) >= 2 {
			return anchors[s]
		}
	}
	return nil
}

// itemsAbove returns the span of the list items (or table rows) right
// above the line holding off, past blank lines; lo == hi when there are
// none.
func itemsAbove(answer string, off int) (lo, hi int) {
	end := strings.LastIndexByte(answer[:off], '\n')
	if end < 0 {
		return 0, 0
	}
	hi, lo = end, end
	for n := 0; n < maxSumItems && lo > 0; {
		start := strings.LastIndexByte(answer[:lo], '\n') + 1
		line := strings.TrimSpace(answer[start:lo])
		switch {
		case line == "" && n == 0:
			hi = max(start-1, 0)
		case isListItem(line):
			n++
		default:
			return lo, hi
		}
		lo = max(start-1, 0)
	}
	return lo, hi
}

// numberVerbs after a number make it the subject of a verb, not a count
// of a noun: "7740 uses roughly twice as much as 8073" counts no "uses";
// "see where the 404 comes from" counts no "comes".
var numberVerbs = lexicon.NewSet(`uses holds takes needs consumes runs has comes goes appears means
	happens occurs seems remains stays belongs originates arrives gets keeps`)

// groupTotal reports whether a sum c is the total of one column over a
// whole group of the entities it adds: the processes of its listed PIDs
// ("PIDs 1462, 1464, 1466 … together around 400 MiB"), the rows of one
// name ("the three python3 workers take about 400 MiB together"), or
// all its entities' rows. A group has any number of members, so a sum
// of three is found as well as one of two; a process that two ps tables
// print is counted once.
func (ix *index) groupTotal(c claim, anchors []claim) bool {
	var pids, all []int32
	groups := [][]int32{}
	for _, a := range anchors {
		recs := ix.anchorRecords(a)
		if a.kind == kindPID {
			pids = append(pids, recs...)
		} else {
			groups = append(groups, recs)
		}
		all = append(all, recs...)
	}
	groups = append(groups, pids, all)
	for _, g := range groups {
		if ix.columnTotal(c, g) {
			return true
		}
	}
	return false
}

// columnTotal reports whether c is the total of one column of c's kind
// over the distinct rows of recs (a row is its PID where it has one).
func (ix *index) columnTotal(c claim, recs []int32) bool {
	totals := map[string]float64{}
	seen := map[[2]string]bool{}
	for _, id := range recs {
		r := ix.recs[id]
		row := r.text
		for _, v := range r.values {
			if v.kind == kindCount && v.col == "pid" {
				row = fmt.Sprint(v.iv.lo)
			}
		}
		for _, v := range r.values {
			if v.kind != c.kind || !compatible(c.field, v.col) || seen[[2]string{v.col, row}] {
				continue
			}
			seen[[2]string{v.col, row}] = true
			totals[v.col] += (v.iv.lo + v.iv.hi) / 2
		}
	}
	for _, t := range totals {
		for _, iv := range c.ivs {
			if t >= iv.lo && t < iv.hi {
				return true
			}
		}
	}
	return false
}

package supervisor

import "strings"

// A hedged judgement of a failing part ("It looks like sdc is failing",
// "sdb seems to be failing", "sdc is probably dying") is an inference from
// the lines the answer quotes, not a reading of a state field: it holds
// when the entity's journal lines show trouble (an I/O error, pending
// sectors, a disk failure). An unhedged "sdc has failed", or a hedged one
// of an entity whose lines show none, is still checked as a state.

// judgementHedges mark a judgement in the clause before a state word;
// HedgePhrases (hedges.go) count too.
var judgementHedges = []string{"looks like", "look like", "sounds like", "seems", "appears", "probably", "likely"}

// troubleWords on a journal line show a part in trouble.
var troubleWords = []string{"i/o error", "error", "pending", "uncorrectable", "failure", "failed", "faulty", "timeout", "timed out"}

// hedgedFailing reports a "failed" state claim hedged in its own clause
// whose subject's records hold a journal line showing trouble.
func (ix *index) hedgedFailing(answer string, c claim, recs []int32) bool {
	if c.key != "failed" {
		return false
	}
	before := asciiLower(answer[:c.off])
	for _, sep := range []string{". ", "\n", "; ", ": ", "? ", "! "} {
		if i := strings.LastIndex(before, sep); i >= 0 {
			before = before[i+len(sep):]
		}
	}
	if !containsAnyOf(before, judgementHedges...) && len(Hedges(before)) == 0 {
		return false
	}
	for _, id := range recs {
		t := ix.recs[id].text
		if _, logged := recordClock(t); logged && containsAnyOf(t, troubleWords...) {
			return true
		}
	}
	return false
}

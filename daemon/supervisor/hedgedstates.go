package supervisor

// A hedged judgement of a failing part ("It looks like sdc is failing",
// "sdb seems to be failing", "sdc is probably dying") is an inference from
// the lines the answer quotes, not a reading of a state field: it holds
// when a disk's journal lines show trouble (an I/O error, pending or
// uncorrectable sectors). An unhedged "sdc has failed", or a hedged one
// of an entity whose lines show none, is still checked as a state.

// judgementHedges mark a judgement in the clause before a state word;
// HedgePhrases (hedges.go) count too.
var judgementHedges = []string{"looks like", "look like", "sounds like", "seems", "appears", "probably", "likely"}

// troubleWords on a journal line show a disk in trouble. Bare "error",
// "failed" or "timeout" would ground a failure of any daemon that logged
// one ("Failed password" from sshd).
var troubleWords = []string{"i/o error", "pending", "uncorrectable", "faulty", "medium error"}

// hedgedFailing reports a "failed" state claim of a block device, hedged in
// its own clause, whose subject's records hold a journal line showing
// disk trouble.
func (ix *index) hedgedFailing(answer string, a *claim, c claim, recs []int32) bool {
	if c.key != "failed" || a.class != classDevice || c.clause > c.off {
		return false
	}
	before := asciiLower(answer[c.clause:c.off])
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

package supervisor

import (
	"regexp"
	"slices"
)

// "flanneld PID 27216 failed to renew its lease for subnet 10.244.2.0/24
// at 04:34:34 and never recovered", where flanneld[27216] logged "Lease
// renewed" at 04:34:40: the failure is real, the claim that it lasted is
// not. A sentence that says the failure dated by its time never ended
// ("never recovered", "did not recover", "is still failing") is false when
// the process that logged the failure at that time (its identifier and
// PID) logs a success after it.

var (
	// neverRecoveredRe reads a claim that a failure never ended.
	neverRecoveredRe = regexp.MustCompile(`\bnever (?:recovered|came back|succeeded|renewed|reconnected)\b|` +
		`\b(?:did|has|have|had)(?:n't| not| never) (?:recovered|come back|came back|succeeded|renewed|reconnected)\b|\bstill (?:failing|down)\b`)
	// recoveredLineRe reads a journal line's success.
	recoveredLineRe = regexp.MustCompile(`\b(?:renewed|recovered|succeeded|successfully|restored|reconnected|re-?established|back (?:up|online))\b`)
)

// checkNeverRecovered reports each time of a sentence saying its failure
// never ended whose process logs a success after it.
func checkNeverRecovered(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim) {
	var ids []int32
	for k, c := range claims {
		if c.kind != kindClock || c.advice || c.sent >= len(facts) {
			continue
		}
		start, end := facts[c.sent].at.start, min(facts[c.sent].at.end, len(answer))
		said := neverRecoveredRe.FindString(asciiLower(answer[start:end]))
		if said == "" {
			continue
		}
		if ids == nil {
			var ok bool
			if ids, ok, _ = ix.journalEntries(); !ok || len(ids) == 0 {
				return
			}
		}
		times, at := sentenceClocks(claims, k)
		for _, id := range ix.clockLines(answer, times, at) {
			if _, in := slices.BinarySearch(ids, id); in && ix.recoversAfter(id) {
				g.Missing = append(g.Missing, c.text+" ("+said+": a later line of its process says otherwise)")
				break
			}
		}
	}
}

// recoversAfter reports whether a journal entry after failed is its
// process's (same identifier and PID) and logs a success.
func (ix *index) recoversAfter(failed int32) bool {
	t := ix.recs[failed].text
	ident, pid := journalLabel(t)
	if pid == "" || recoveredLineRe.MatchString(t) {
		return false // no PID to follow, or the line itself says it recovered
	}
	last, ok := ix.recoveries()[journalLabelKey{ident, pid}]
	return ok && last > failed
}

// journalLabelKey is a journal line's label: its identifier and PID.
type journalLabelKey struct{ ident, pid string }

// recoveries returns, by label, the last journal entry that logs a
// success. Built once per index: every clock of every "never recovered"
// sentence asks it, and the entries are in the evidence's order, so the
// last success of a label is after a failure exactly when any is.
func (ix *index) recoveries() map[journalLabelKey]int32 {
	ids, _, _ := ix.journalEntries()
	if ix.journal.recovered == nil {
		m := map[journalLabelKey]int32{}
		for _, id := range ids {
			t := ix.recs[id].text
			if ident, pid := journalLabel(t); pid != "" && recoveredLineRe.MatchString(t) {
				m[journalLabelKey{ident, pid}] = id
			}
		}
		ix.journal.recovered = m
	}
	return ix.journal.recovered
}

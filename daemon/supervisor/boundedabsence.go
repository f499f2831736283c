package supervisor

import (
	"regexp"
	"strings"
)

// "The journal has two \"no space left on device\" compaction failures,
// at 04:29:12 and 04:30:12. No further no-space errors appear after
// that.": an absence of log entries bounded by a time ("after 04:30",
// "since 04:30:12", "after that", "no further", "no more", "no new",
// "anymore") says nothing of the entries before it. It holds when no
// journal entry after the bound holds the words that qualify the absent
// entries ("no-space": space), or, with none, no entry at all. The bound
// is the clock after "after", "since" and the like; "after that",
// "further" and the like take the last clock of the sentence, else of the
// one or two before. An absence whose bound has no clock ("since boot",
// "after the restart") or whose qualifying words no entry holds is still
// the journal's whole (relations.go).

var (
	clockAfterRe = regexp.MustCompile(`\b(?:after|since|past|following|from|beyond)\s+(?:about\s+|around\s+)?(\d{1,2}:\d\d(?::\d\d)?)\b`)
	sentClockRe  = regexp.MustCompile(`\b\d{1,2}:\d\d(?::\d\d)?\b`)
	// anaphoricBounds bound an absence by the time said before it.
	anaphoricBounds = map[string]bool{"further": true, "more": true, "new": true, "again": true, "anymore": true,
		"later": true, "subsequent": true, "afterwards": true, "afterward": true, "thereafter": true}
	// clockBounds bound it by what follows: a clock, or "that", "then".
	clockBounds = map[string]bool{"after": true, "since": true, "past": true, "following": true, "beyond": true}
)

// absentIn judges facts[k]'s absence of a probe's output: of the
// journal's entries after a bound when it sets one, else of all of them
// (absentFound, relations.go); what names it; ok is false when the probe
// did not run.
func (ix *index) absentIn(facts []sentenceFacts, k int) (empty, ok bool, what string) {
	f := facts[k]
	if f.absent == "system_logs" {
		if empty, judged, bound := ix.boundedAbsence(facts, k); judged {
			return empty, true, "nothing in system_logs after " + bound
		}
	}
	empty, ok = ix.absentFound(f.absent)
	return empty, ok, "nothing in " + f.absent
}

// boundedAbsence judges facts[k]'s absence of journal entries when a
// time bounds it (see above); judged is false when it sets no bound this
// can resolve, bound is the bound's clock as written.
func (ix *index) boundedAbsence(facts []sentenceFacts, k int) (empty, judged bool, bound string) {
	text := strings.ToLower(facts[k].blank)
	ws := plainWords(text)
	nothing, noun := -1, -1
	for i, w := range ws {
		if !nothingWords[w] {
			continue
		}
		for j := i + 1; j < len(ws) && j <= i+4; j++ {
			if logNouns[ws[j]] {
				nothing, noun = i, j
				break
			}
		}
		if noun >= 0 {
			break
		}
	}
	if noun < 0 {
		return false, false, ""
	}
	if m := clockAfterRe.FindStringSubmatch(text); m != nil {
		bound = m[1]
	} else {
		anaphoric := false
		for i, w := range ws {
			switch {
			case anaphoricBounds[w]:
				anaphoric = true
			case clockBounds[w] && (at(ws, i+1) == "that" || at(ws, i+1) == "then" || at(ws, i+1) == "this"):
				anaphoric = true
			case clockBounds[w]:
				return false, false, "" // "since boot": no clock to bound it
			}
		}
		if !anaphoric {
			return false, false, ""
		}
		for back := k; back >= 0 && back >= k-2 && bound == ""; back-- {
			if cs := sentClockRe.FindAllString(facts[back].blank, -1); len(cs) > 0 {
				bound = cs[len(cs)-1]
			}
		}
	}
	from, to, ok := clockSpan(bound)
	if !ok {
		return false, false, ""
	}
	var quals []string
	for _, w := range ws[nothing+1 : noun] {
		if len(w) < 3 || nothingWords[w] || anaphoricBounds[w] || functionWords[w] || genericWords[w] || countOf(w) >= 0 {
			continue
		}
		quals = append(quals, eventStem(w)) // eventcounts.go
	}
	ids, okj, unread := ix.journalEntries()
	if !okj || unread {
		return false, false, ""
	}
	holds := func(t string) bool {
		for _, q := range quals {
			if !wordStart(t, q) {
				return false
			}
		}
		return true
	}
	if end, ok := rangeEnd(text, bound); ok { // rangeabsence.go
		empty, seen := ix.absentBetween(ids, holds, from, end)
		if !seen && len(quals) > 0 {
			return false, false, ""
		}
		return empty, true, bound + " until " + clockRangeRe.FindStringSubmatch(text)[2]
	}
	// The entries after the bound: those after the last one at its clock,
	// else those later in the day.
	last := -1
	for i, id := range ids {
		if c, ok := recordClock(ix.recs[id].text); ok && c >= from && c <= to {
			last = i
		}
	}
	seen := false
	for i, id := range ids {
		t := ix.recs[id].text
		if !holds(t) {
			continue
		}
		seen = true
		c, ok := recordClock(t)
		if last >= 0 && i > last || last < 0 && ok && c > to {
			return false, true, bound
		}
	}
	if !seen && len(quals) > 0 {
		return false, false, "" // words no entry holds: what they mean, this cannot tell
	}
	return true, true, bound
}

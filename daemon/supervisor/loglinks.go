package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// checkJournal runs the checks of what an answer says about logged
// events: the words of a causal clause and the events a sentence asserts
// (events.go), the PID an event is said of (eventpids.go), and a link
// between two events or an event and its source (below).
func checkJournal(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim, anchors map[int][]claim, records map[int][]int32) {
	refer := func(k, near int) map[int32]bool {
		return ix.referredScope(answer, facts, k, near, claims, anchors, records)
	}
	checkScoped(ix, g, facts, claims, anchors, records, refer)
	checkEventPIDs(ix, g, answer, facts, claims)
	checkLivePIDs(ix, g, answer, facts, claims, anchors, records)     // livepids.go
	checkLoggedClocks(ix, g, answer, facts, claims, anchors, records) // loggedclocks.go
	checkLinks(ix, g, answer, facts, claims, anchors, records, refer)
	checkLogDurations(ix, g, facts, claims, anchors, records)
	checkLogFigures(ix, g, answer, facts, claims) // logfigures.go
	checkExitFields(ix, g, answer, facts, anchors, records)
	checkSameLinks(ix, g, answer, facts)              // samelinks.go
	checkFailedAttempts(ix, g, answer, facts, claims) // failedattempts.go
	checkTimeKinds(ix, g, answer, facts, claims)      // timekinds.go
	checkRejecters(ix, g, answer, facts)              // rejecters.go
	checkNeverRecovered(ix, g, answer, facts, claims) // neverrecovered.go
	checkKeyFigures(ix, g, answer)                    // keyfigures.go
	checkLogIDs(ix, g, answer)                        // logids.go
	checkLogIDFailures(ix, g, answer)                 // logidfailures.go
}

// A link an answer draws between a logged event and another ("That is
// what caused the billing Java process to be OOM killed", "… which led
// to …") or the source it gives an event ("The flood came from
// 203.0.113.45") is a claim like a cause after "because": what it links
// to must be in the scope of the event it links from (events.go: the
// records of that side's entities and clock time, and the journal lines
// within a minute of them). A side that names nothing and opens with a
// reference ("That", "It", "The flood") is the sentence before's event; one
// that names no entity or time, the log lines that have its words.
// A hedged, negated or conditional link ("might have caused") is a guess,
// not judged.

// effectMarks open the effect of the event before them.
var effectMarks = []string{" caused ", " causing ", " led to ", " leading to ", " leads to ", " resulted in ", " resulting in ",
	" triggered ", " triggering ", " contributed to ", " contributing to ", " contributes to "}

// sourceMarks open the source of the event before them.
var sourceMarks = []string{" came from ", " comes from ", " coming from ", " originated from ", " originating from ", " originates from ",
	" was from ", " were from "}

// referWords open a side that is the sentence before's event; so does
// "the" before a noun that sentence has ("… SYN flooding … The flood").
var referWords = lexicon.NewSet(`it this that these those they which what`)

// checkLinks reports each link whose far side is not in its near side's
// scope.
func checkLinks(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim, anchors map[int][]claim, records map[int][]int32,
	refer func(k, near int) map[int32]bool) {
	for k, f := range facts {
		start, end := f.at.start, f.at.end
		low := " " + asciiLower(answer[start:end]) + " " // offsets kept
		at, mark, source := linkMark(low)
		if at < 0 || linkGuessed(low) || insideSame(low[:at]) || slices.ContainsFunc(claims, func(c claim) bool { return c.sent == k && (c.advice || c.general) }) {
			continue
		}
		at += start - 1 // low has a space before the sentence
		far := at + len(mark)
		if far >= end {
			continue // the mark ends the sentence ("see where the 404 comes from"): it links to nothing
		}
		farEnd := end
		if source {
			if i := strings.Index(answer[far:end], ", "); i >= 0 {
				farEnd = far + i // "came from 203.0.113.45, the same address …"
			}
			if m := sameRe.FindStringIndex(asciiLower(answer[far:farEnd])); m != nil {
				farEnd = far + m[0] // "… — the same address that …": samelinks.go
			}
		}
		var near []claim
		for _, c := range claims {
			if c.sent == k && c.off < at {
				near = append(near, c)
			}
		}
		scope := ix.scopeOf(k, near, map[int][]claim{k: sideAnchors(anchors[k], start, at)}, records)
		if scope == nil && len(near) == 0 {
			scope = refer(k, at) // "That is what caused …"
		}
		if scope == nil {
			scope = ix.wordScope(answer[start:at]) // "The SYN flood on port 443 came from …"
		}
		if scope == nil {
			continue
		}
		if miss := ix.linkMiss(claims, k, far, farEnd, records, scope); miss != "" {
			g.Missing = append(g.Missing, miss+" (not linked to "+strings.TrimSpace(answer[start:at])+")")
		}
	}
}

// linkMark returns the first link mark of a lowercased sentence, where it
// stands and whether it opens a source; -1 when it has none ("caused by"
// and "triggered by" open a cause: causes.go).
func linkMark(low string) (int, string, bool) {
	best, mark, source := -1, "", false
	for _, ms := range [][]string{effectMarks, sourceMarks} {
		for _, m := range ms {
			i := strings.Index(low, m)
			if i < 0 || strings.HasPrefix(low[i+len(m):], "by ") || best >= 0 && i >= best || passive(low[:i]) {
				continue
			}
			best, mark, source = i, m, ms[0] == sourceMarks[0]
		}
	}
	return best, mark, source
}

// linkGuessed reports a hedged (ownerless.go's guessed), negated or
// conditional sentence (eventpids.go's undone).
func linkGuessed(low string) bool {
	return guessed(low) || undone(plainWords(low))
}

// sideAnchors returns the anchors between from and to.
func sideAnchors(as []claim, from, to int) []claim {
	var out []claim
	for _, a := range as {
		if a.off >= from && a.off < to {
			out = append(out, a)
		}
	}
	return out
}

// linkMiss returns the first claim of the far side of a link, between
// from and to, that no record of scope holds: a clock time, PID, address
// or user by its text, an entity by its records.
func (ix *index) linkMiss(claims []claim, k, from, to int, records map[int][]int32, scope map[int32]bool) string {
	in := func(ids []int32) bool {
		return slices.ContainsFunc(ids, func(id int32) bool { return scope[id] })
	}
	var ids []int32
	for id := range scope {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, c := range claims {
		if c.sent != k || c.off < from || c.off >= to {
			continue
		}
		switch {
		case c.kind == kindClock || c.kind == kindPID || dated(c):
			if !ix.inRecords(c, ids) {
				return c.text
			}
		case c.kind == kindName && c.class != classNone && records[c.off] != nil:
			if !in(records[c.off]) {
				return c.text
			}
		}
	}
	return ""
}

// referredScope returns the scope of sentence k's event when its words
// before near refer to the sentence before's ("It was triggered by …",
// "That is what caused …", "The flood came from …": "the" and one noun,
// which that sentence has), or nil.
func (ix *index) referredScope(answer string, facts []sentenceFacts, k, near int, claims []claim, anchors map[int][]claim, records map[int][]int32) map[int32]bool {
	if k == 0 || k >= len(facts) {
		return nil
	}
	start := facts[k].at.start
	ws := plainWords(answer[start:max(start, min(near, facts[k].at.end))])
	if len(ws) == 0 || !referWords[ws[0]] && !theNoun(ws, plainWords(answer[:start])) {
		return nil
	}
	return ix.scopeOf(k-1, claims, anchors, records)
}

// theNoun reports a side that is "the" and a noun, perhaps with a form of
// "be" ("The flood", "The warning was"), whose stem a word of prev has.
func theNoun(ws, prev []string) bool {
	if ws[0] != "the" || len(ws) < 2 || len(ws) > 3 || len(ws) == 3 && !beForms[ws[2]] || len(ws[1]) < 4 {
		return false
	}
	return slices.ContainsFunc(prev, func(w string) bool { return strings.HasPrefix(w, ws[1][:4]) })
}

// acrossLink reports a claim and its entity on the two sides of a link
// mark: in "The OOM kill at 19:04:19 caused billing.service to fail", the
// time is the kill's, not billing.service's; nor one "That caused …"
// takes from the sentence before (pronouns.go).
func acrossLink(answer string, c claim, a *claim) bool {
	if a == nil {
		return false
	}
	low := " " + asciiLower(answer[min(a.off, c.off):max(a.off, c.off)]) + " "
	at, _, _ := linkMark(low)
	return at >= 0
}

// passive reports a mark after a form of "be" ("the OOM killer was
// triggered when …"): its subject is the effect, not the cause.
func passive(before string) bool {
	ws := plainWords(before)
	return len(ws) > 0 && beForms[ws[len(ws)-1]]
}

// beForms make a verb after them passive.
var beForms = lexicon.NewSet(`is are was were be been being got`)

// wordScope returns the scope of an event a side names by its words only
// ("The SYN flood on port 443"): the timed lines that have every content
// word of it the timed lines have at all, and their neighbours; nil when
// it has none.
func (ix *index) wordScope(side string) map[int32]bool {
	var scope map[int32]bool
	for _, w := range plainWords(side) {
		if len(w) < 4 || functionWords[w] || genericWords[w] || lexicon.IsStopword(w) {
			continue
		}
		ids := ix.timedStarting(w[:4])
		if len(ids) == 0 {
			continue // a word no timed line has narrows nothing
		}
		if scope == nil {
			scope = map[int32]bool{}
			for _, id := range ids {
				scope[id] = true
			}
			continue
		}
		for id := range scope {
			if _, ok := slices.BinarySearch(ids, id); !ok {
				delete(scope, id)
			}
		}
	}
	if len(scope) == 0 {
		return nil
	}
	ix.addNeighbours(scope)
	return scope
}

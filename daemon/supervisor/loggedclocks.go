package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// A clock time said to be when something was logged ("The overheating
// warning was logged at 20:41:58: thermal_zone3 reached 98 C", "At 20:33:28
// cupsd reported …") must be the time of a journal line, and of one that
// names what its clause goes on to describe: one of the clause's entities
// that journal lines name (past a colon too: the line a heading time
// introduces is the clause's). Such a time is judged even in a general
// sentence ("… and the kernel said it would shut down soon"), where other
// free-standing figures are not: a log time is the sentence's own fact. An
// identifier that logs for many subsystems (the kernel, systemd) counts only
// where the clause names nothing more specific: a thermal zone's warning is
// not the kernel's EXT4 line a minute later. A start time ("started 20:42")
// is no log time.

var (
	// logWordRe reads the words that make a clause's time a log time.
	logWordRe = regexp.MustCompile(`\b(?:logged|logs|reported|reports|warned|warns|recorded|complained|printed|wrote|journal|log\s+(?:line|entry|message)|entry|message)\b`)
	// logVerbRe reads a verb whose subject logged the line.
	logVerbRe = regexp.MustCompile(`\b(?:logged|reported|warned|complained|printed|wrote)\b`)
	// logClauseBreaks end a clause: another event with its own time.
	logClauseBreaks = []string{"; ", ", and ", ", but ", ", while ", ", whereas ", ", then ", " — ", " – ", ". ", "\n"}
	// logItemBreaks also end the item of one event in a clause: "I/O
	// errors at 18:35:59 and 18:36:01, before smartd's warnings at
	// 18:37:39", "the oldest at 17:21:32 and the newest at 20:16:24".
	logItemBreaks = append([]string{" and ", " after ", " before ", " followed by ", " then ", " until ", " when ", " while "}, logClauseBreaks...)
)

// broadIdents log for many subsystems: their lines name no one event.
var broadIdents = map[string]bool{"kernel": true, "systemd": true}

// checkLoggedClocks reports each log time of a sentence that no journal
// line of its clause's entities has.
func checkLoggedClocks(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim, anchors map[int][]claim, records map[int][]int32) {
	var ids []int32
	var ok bool
	for k, c := range claims {
		if c.kind != kindClock || c.advice && !c.general || c.sent >= len(facts) || startTime(answer, c) {
			continue
		}
		start, end := facts[c.sent].at.start, min(facts[c.sent].at.end, len(answer))
		from, to := logClause(answer, start, end, c.off, logClauseBreaks)
		if !logWordRe.MatchString(asciiLower(answer[from:to])) {
			continue
		}
		from, to = logClause(answer, start, end, c.off, logItemBreaks)
		if ids == nil {
			if ids, ok, _ = ix.journalEntries(); !ok || len(ids) == 0 || strings.HasPrefix(ix.recs[ids[0]].text, "message ") {
				// Typed messages carry no time on their line.
				return
			}
		}
		var times []claim
		for _, t := range claims[:k+1] {
			if t.sent == c.sent && t.kind == kindClock {
				times = append(times, t)
			}
		}
		at := len(times) - 1
		for _, t := range claims[k+1:] {
			if t.sent == c.sent && t.kind == kindClock {
				times = append(times, t)
			}
		}
		var lines []int32
		for _, id := range ix.clockLines(answer, times, at) {
			if slices.Contains(ids, id) {
				lines = append(lines, id)
			}
		}
		if len(lines) == 0 {
			g.Missing = append(g.Missing, c.text+" (no journal line)")
			continue
		}
		who, nfrom, nto := clockSubject(ix, ids, answer, from, to, c.off) // commasubjects.go
		if who != "" && !slices.ContainsFunc(lines, func(id int32) bool { return journalIdent(ix.recs[id].text) == who }) {
			g.Missing = append(g.Missing, c.text+" (not when "+who+" logged)")
			continue
		}
		if w := unsaidOutcome(ix, answer[from:to], lines); w != "" {
			g.Missing = append(g.Missing, c.text+" (its line says nothing "+w+")") // logoutcomes.go
			continue
		}
		named := clauseEntities(ix, claims, c.sent, records, ids, nfrom, nto)
		if len(named) > 0 && !slices.ContainsFunc(named, func(a claim) bool { return ix.namedIn(a, records, lines) }) {
			g.Missing = append(g.Missing, c.text+" (not when "+named[0].text+" logged)")
		}
	}
}

// logClause returns the clause of sentence [start, end) holding off, as
// breaks cut it.
func logClause(answer string, start, end, off int, breaks []string) (int, int) {
	from, to := start, end
	for _, b := range breaks {
		if i := strings.LastIndex(answer[start:off], b); i >= 0 {
			from = max(from, start+i+len(b))
		}
		if i := strings.Index(answer[off:end], b); i >= 0 {
			to = min(to, off+i)
		}
	}
	return from, to
}

// clauseEntities returns the names of sentence sent within [from, to)
// that journal lines name; a broad identifier only where there is no
// other.
func clauseEntities(ix *index, claims []claim, sent int, records map[int][]int32, ids []int32, from, to int) []claim {
	var named, broad []claim
	for _, a := range claims {
		if a.sent != sent || a.kind != kindName || a.off < from || a.off >= to || a.user || isAddress(a.key) || !ix.namedIn(a, records, ids) {
			continue
		}
		if broadIdents[strings.ToLower(a.text)] {
			broad = append(broad, a)
		} else {
			named = append(named, a)
		}
	}
	if len(named) == 0 {
		return broad
	}
	return named
}

// namedIn reports whether one of lines names a: is one of its records,
// or, for a name that is no entity ("thermal_zone3", a printer's), has
// its text.
func (ix *index) namedIn(a claim, records map[int][]int32, lines []int32) bool {
	if recs := records[a.off]; recs != nil {
		return slices.ContainsFunc(recs, func(id int32) bool { return slices.Contains(lines, id) })
	}
	key := strings.ToLower(a.text)
	return slices.ContainsFunc(lines, func(id int32) bool { return containsBounded(ix.recs[id].text, key, false) })
}

// logSubject returns the journal identifier a clause's log verb is said
// of ("certbot logged at 19:34:21 …": the word right before the verb),
// or "".
func logSubject(ix *index, ids []int32, clause string) string {
	low := asciiLower(clause)
	m := logVerbRe.FindStringIndex(low)
	if m == nil {
		return ""
	}
	toks := subjectTokenRe.FindAllString(low[:m[0]], -1)
	if len(toks) == 0 {
		return ""
	}
	w := strings.TrimRight(toks[len(toks)-1], ".-")
	if slices.ContainsFunc(ids, func(id int32) bool { return journalIdent(ix.recs[id].text) == w }) {
		return w
	}
	return ""
}

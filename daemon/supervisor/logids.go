package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// "Job 88231 failed with exit code 1 after 412.7 seconds", where exit
// code 1 and duration_s=412.7 are on job=88213's line: a journal line's
// identifier field (job=, container=, id=, request_id=, …) says which
// entity its figures belong to. A figure or URL an answer writes after
// such an identifier (up to the next one, a "; " or the sentence's end) is said
// of it, so a line holding the identifier must hold it. Judged only where
// a line holding another value of that field holds it: two entities'
// figures swapped. The identifier opens its own item: "cc1plus (PID 1122)
// was killed …, and job 88231 failed with 137" says 137 of the job, not
// of the PID; a figure just before it ("At 23:11:17 job 88231 failed")
// is its own too. An outcome its sentence says of it (restarted, recovered)
// that its lines deny ("container will not be restarted") is wrong too.

var (
	// logIDFieldRe reads an identifier field of a journal line (lowered:
	// "requestId=" reads as "requestid="): job=, container_id=, req=,
	// trace_id=, any other …_id= and id=.
	logIDFieldRe = regexp.MustCompile(`\b((?:[a-z]+_)?(?:job|container|build|pipeline|task|request|req|trace|session|span|exec)(?:_?id)?|[a-z]+_id|id)=([0-9a-z][0-9a-z_.-]{2,})`)
	// logIDTokenRe reads what an answer may say of an identifier: a URL,
	// a clock time, a figure.
	logIDTokenRe = regexp.MustCompile(`[a-z]+://[^\s,;)"'` + "`" + `]*[^\s,;.)"'` + "`" + `]|\b\d+(?::\d+)+\b|\b\d+(?:\.\d+)?\b`)
)

// logID is one identifier an answer names, with the lines holding it and
// the lines holding another value of its field.
type logID struct {
	start, end int // in the answer
	scope      int // where what is said of it ends
	own, other []int32
}

// answerLogIDs returns the journal identifiers the answer names, in
// order, each with its scope. Several checks ask for them: they are read
// once per answer.
func answerLogIDs(ix *index, answer string) []logID {
	if c := ix.logIDs; c != nil && c.answer == answer {
		return c.ids
	}
	ids := readLogIDs(ix, answer)
	ix.logIDs = &logIDsCache{answer, ids}
	return ids
}

// logIDsCache holds answerLogIDs of an answer.
type logIDsCache struct {
	answer string
	ids    []logID
}

func readLogIDs(ix *index, answer string) []logID {
	ids, ok, _ := ix.journalEntries()
	if !ok || len(ids) == 0 {
		return nil
	}
	type field struct{ key, val string }
	byLine := map[int32][]field{}
	var vals []field
	for _, id := range ids {
		for _, m := range logIDFieldRe.FindAllStringSubmatch(ix.recs[id].text, -1) {
			if !strings.ContainsAny(m[2], "0123456789") {
				continue // "id=moby" names no instance
			}
			f := field{m[1], m[2]}
			byLine[id] = append(byLine[id], f)
			if !slices.Contains(vals, f) {
				vals = append(vals, f)
			}
		}
	}
	if len(vals) == 0 {
		return nil
	}
	low := asciiLower(answer)
	var out []logID
	for _, f := range vals {
		// Hits do not overlap: the search goes on after a hit's end, taken
		// or not, so a hit that starts inside one seen is skipped.
		next := 0
		whole := func(i, end int) bool {
			if i < next {
				return false
			}
			next = end
			return (i == 0 || !isAlnumByte(low[i-1])) && (end == len(low) || !isAlnumByte(low[end]))
		}
		for i := indexBounded(low, f.val, 0, whole); i >= 0; i = indexBounded(low, f.val, next, whole) {
			l := logID{start: i, end: i + len(f.val)}
			for _, id := range ids {
				for _, g := range byLine[id] {
					switch {
					case g == f:
						l.own = append(l.own, id)
					case g.key == f.key:
						l.other = append(l.other, id)
					}
				}
			}
			out = append(out, l)
		}
	}
	slices.SortFunc(out, func(a, b logID) int { return a.start - b.start })
	// One value under two fields ("container=7d0b…", "id=7d0b…") is one
	// identifier: its lines are both fields' lines.
	merged := out[:0]
	for _, l := range out {
		if n := len(merged); n > 0 && l.start < merged[n-1].end {
			m := &merged[n-1]
			m.own = append(m.own, l.own...)
			m.other = append(m.other, l.other...)
			continue
		}
		merged = append(merged, l)
	}
	out = merged
	for k := range out {
		out[k].other = slices.DeleteFunc(out[k].other, func(id int32) bool { return slices.Contains(out[k].own, id) })
		end := sentenceEndAt(low, out[k].end)
		if k+1 < len(out) && out[k+1].start < end {
			end = out[k+1].start
		}
		out[k].scope = end
	}
	return out
}

// sentenceStartAt returns where the sentence holding off starts.
func sentenceStartAt(s string, off int) int {
	for i := off - 1; i > 0; i-- {
		if s[i] == '\n' || (s[i] == ' ' || s[i] == '\n') && strings.ContainsRune(".!?", rune(s[i-1])) {
			return i + 1
		}
	}
	return 0
}

// sentenceEndAt returns where the sentence holding off ends.
func sentenceEndAt(s string, off int) int {
	for i := off; i < len(s); i++ {
		if s[i] == '\n' || (s[i] == '.' || s[i] == '!' || s[i] == '?') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n') {
			return i
		}
	}
	return len(s)
}

// linesHold reports whether one of lines holds tok.
func (ix *index) linesHold(lines []int32, tok string) bool {
	return slices.ContainsFunc(lines, func(id int32) bool {
		return containsBounded(ix.recs[id].text, tok, false)
	})
}

// checkLogIDs reports each figure or URL said of a journal identifier
// that its lines lack and another value's lines hold.
func checkLogIDs(ix *index, g *Grounding, answer string) {
	low := asciiLower(answer)
	prev := -1
	for _, l := range answerLogIDs(ix, answer) {
		before := prev
		prev = l.end
		if w := deniedOutcome(ix, low[sentenceStartAt(low, l.start):l.scope], l.own); w != "" {
			g.Missing = append(g.Missing, w+" (its line denies it)") // logoutcomes.go
		}
		if len(l.other) == 0 {
			continue
		}
		scope := l.scope
		if i := strings.Index(low[l.end:scope], "; "); i >= 0 {
			scope = l.end + i // another clause
		}
		// And the words just before the sentence's first one, back to
		// its start or a comma: "At 10:00:01 request …".
		from := sentenceStartAt(low, l.start)
		if before > from {
			from = l.start // what comes before is the identifier's before
		}
		if i := strings.LastIndexAny(low[from:l.start], ",;"); i >= 0 {
			from += i + 1
		}
		for _, m := range logIDTokenRe.FindAllStringIndex(low[from:l.start], -1) {
			tok := low[from+m[0] : from+m[1]]
			if !ix.linesHold(l.own, tok) && ix.linesHold(l.other, tok) {
				g.Missing = append(g.Missing, tok+" (not "+low[l.start:l.end]+"'s)")
			}
		}
		for _, m := range logIDTokenRe.FindAllStringIndex(low[l.end:scope], -1) {
			tok := low[l.end+m[0] : l.end+m[1]]
			if ix.linesHold(l.own, tok) || !ix.linesHold(l.other, tok) {
				continue
			}
			g.Missing = append(g.Missing, tok+" (not "+low[l.start:l.end]+"'s)")
		}
	}
}

// logIDOwns reports whether c stands in the scope of a journal identifier
// named after anchor a, and that identifier's lines hold it: it is said
// of the identifier, not of a.
func (ix *index) logIDOwns(answer string, c claim, a *claim) bool {
	if a == nil {
		return false
	}
	for _, l := range answerLogIDs(ix, answer) {
		if l.start > a.off && l.start <= c.off && c.off < l.scope {
			return ix.inRecords(c, l.own)
		}
		// "At 23:11:17 job 88231 failed …, after the kernel killed
		// cc1plus": a figure before an identifier whose anchor comes
		// after it is the identifier's, when nothing stands between.
		if a.off > c.off && l.start > c.off && l.start < a.off && sentenceStartAt(answer, l.start) <= c.off &&
			!strings.ContainsAny(answer[c.off:l.start], ",;") {
			return ix.inRecords(c, l.own)
		}
	}
	return false
}

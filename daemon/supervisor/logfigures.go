package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A figure an answer gives as what a log line says ("the reload failed
// because it couldn't allocate 318624 KiB for the signature database",
// over clamd's "Can't allocate memory (1291524 KiB) for the signature
// database") must be one that line, or a line of the same event, prints:
// not the same process's RSS that ps shows now. The figure is quoted so
// when the words right before and after it in its clause (past function
// words) are words of a journal line that prints a figure of its kind, and
// the clause shares at least minLogWords such words with that line; "uses
// 318624 KiB after the reload failed" is ps's figure beside the event, not
// the line's.

// minLogWords is how many content words a clause must share with a log
// line to paraphrase it.
const minLogWords = 3

// eventWindow is how many seconds apart one identifier's lines may be and
// still belong to one event ("Database modification detected" and "Can't
// allocate memory" five seconds later).
const eventWindow = 10

// logFigureBreaks end the clause a quoted figure stands in.
var logFigureBreaks = []string{", ", "; ", ": ", " — ", " – ", ". ", "\n", " because ", " and ", " but ", " so ", " which ",
	" while ", " after ", " before ", " then ", " when "}

// figureHedges, like approxWords, stand between a figure and the words it is quoted with.
var figureHedges = lexicon.NewSet(`over under some just only`)

// checkLogFigures reports each size, percentage or frequency quoted as a
// log line's content that the line and its event's lines do not print.
func checkLogFigures(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim) {
	var ids []int32
	for _, c := range claims {
		if c.kind != kindSize && c.kind != kindPercent && c.kind != kindFreq || c.advice || c.general || c.sent >= len(facts) {
			continue
		}
		if ids == nil {
			var ok bool
			if ids, ok, _ = ix.journalEntries(); !ok || len(ids) == 0 {
				return
			}
		}
		start, end := facts[c.sent].at.start, min(facts[c.sent].at.end, len(answer))
		from, to := logClause(answer, start, end, c.off, logFigureBreaks)
		after := min(max(c.off+len(c.text), from), to)
		before, rest := logWords(answer[from:min(c.off, to)]), logWords(answer[after:to])
		var near []string
		if len(before) > 0 {
			near = append(near, before[len(before)-1])
		}
		if len(rest) > 0 {
			near = append(near, rest[0])
		}
		if len(near) == 0 {
			continue
		}
		var lines []int32
		for _, id := range ids {
			if ix.quotesLine(id, c.kind, near, append(before, rest...)) {
				lines = append(lines, id)
			}
		}
		if len(lines) > 0 && !ix.inRecords(c, ix.eventLines(ids, lines)) {
			g.Missing = append(g.Missing, c.text+" (not in the log line it quotes)")
		}
	}
}

// logWords returns the words of a clause part that may be a log line's:
// not function words, approximations or contractions ("couldn't").
func logWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(asciiLower(s), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '\'' || r == '’') }) {
		if strings.ContainsAny(w, "'’") || functionWords[w] || approxWords[w] || figureHedges[w] || lexicon.IsStopword(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// quotesLine reports whether the clause words paraphrase journal line id:
// the line prints a figure of kind k, each word beside the figure is one
// of its words, and the clause shares minLogWords content words with it.
func (ix *index) quotesLine(id int32, k kind, near, words []string) bool {
	r := ix.recs[id]
	printed := false
	for _, v := range r.values {
		printed = printed || v.kind == k
	}
	if !printed {
		return false
	}
	for _, w := range near {
		if !logContent(w) || !wordStart(r.text, eventStem(w)) {
			return false
		}
	}
	shared := map[string]bool{}
	for _, w := range words {
		if logContent(w) && wordStart(r.text, eventStem(w)) {
			shared[w] = true
		}
	}
	return len(shared) >= minLogWords
}

// logContent reports whether a word says something of its own.
func logContent(w string) bool {
	return len(w) >= 3 && !genericWords[w] && !strings.HasSuffix(w, "ly")
}

// eventLines returns lines and the journal entries (of ids) that one of
// them's identifier logged within eventWindow seconds of it.
func (ix *index) eventLines(ids, lines []int32) []int32 {
	out := append([]int32(nil), lines...)
	for _, l := range lines {
		who := journalIdent(ix.recs[l].text)
		at, ok := recordClock(ix.recs[l].text)
		if who == "" || !ok {
			continue
		}
		for _, id := range ids {
			if t, ok := recordClock(ix.recs[id].text); ok && id != l && abs(t-at) <= eventWindow && journalIdent(ix.recs[id].text) == who {
				out = append(out, id)
			}
		}
	}
	return out
}

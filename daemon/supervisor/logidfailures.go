package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// "The journal shows three failed CI jobs: 88213 (exit code 1), 88231
// (exit code 137) and 88232", where 88232's only line says it was
// received: a journal identifier said to have failed, in its own item
// ("88232, which failed …") or as an item of a list a heading calls
// failed ("three failed jobs: …"), must have a line of failure (failed,
// error, killed, crashed, aborted, fatal).

var (
	// failedWordRe reads an answer's word of failure.
	failedWordRe = regexp.MustCompile(`\b(?:failed|fails|failing|failures?|crashed|crashes|errored|aborted)\b`)
	// failureLineRe reads a line's word of failure.
	failureLineRe = regexp.MustCompile(`\b(?:fail\w*|error\w*|killed|crash\w*|abort\w*|fatal|panic\w*|segfault\w*)`)
)

// checkLogIDFailures reports each identifier said to have failed that no
// line of its records a failure.
func checkLogIDFailures(ix *index, g *Grounding, answer string) {
	low := asciiLower(answer)
	ids := answerLogIDs(ix, answer)
	for k, l := range ids {
		if len(l.own) == 0 || slices.ContainsFunc(l.own, func(id int32) bool {
			return failureLineRe.MatchString(fieldTokenRe.ReplaceAllString(ix.recs[id].text, " "))
		}) {
			continue
		}
		_, to := logClause(low, l.end, l.scope, l.end, logItemBreaks)
		said := failedSaid(low[l.end:to])
		if !said {
			// The first of the sentence's identifiers after a heading
			// ending in a colon: "three failed jobs: 88213, … and 88232".
			start := sentenceStartAt(low, l.start)
			first := k
			for first > 0 && ids[first-1].start >= start {
				first--
			}
			head := low[start:ids[first].start]
			// The list ends at a semicolon: "…: a1b2 (502); e5f6 completed".
			if i := strings.LastIndex(head, ": "); i >= 0 && !strings.ContainsAny(low[start+i:l.start], ";") {
				said = failedSaid(head[:i])
			}
		}
		if said {
			g.Missing = append(g.Missing, low[l.start:l.end]+" (no failure logged)")
		}
	}
}

// failedSaid reports whether text says a failure it does not deny.
func failedSaid(text string) bool {
	for _, m := range failedWordRe.FindAllStringIndex(text, -1) {
		ws := plainWords(text[:m[0]])
		if !deniedBefore(ws, len(ws)) {
			return true
		}
	}
	return false
}

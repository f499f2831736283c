package supervisor

import (
	"regexp"
	"strings"
	"unicode"
)

// "rsync PID 1412 is no longer in the process list" states an absence:
// it holds when no row of the process probes has that PID, and a PID the
// rows do have makes it false. The PID is not looked for as a thing the
// lines print, for the lines it rests on (ps's, cited or not) are the
// ones that must lack it; nor, in a cited sentence, are the words naming
// the gone process before it (cited.go): they are said of what ps lacks.
// Without a process probe it is not judged here.

// goneAfterRe reads the absence right after a PID: "(PID 1412)** is no
// longer in the process list", "is not in ps", "has disappeared from the
// process table". It folds case itself: the answer's rest after each PID
// claim is not copied lowered to be read.
var goneAfterRe = regexp.MustCompile(`(?i)^[)*\]]*\s*(?:is|are|was|has|have)\s+(?:no\s+longer|not|gone|disappeared|vanished|absent|missing)` +
	`(?:\s+(?:listed|present|shown|running|appearing))?\s+(?:in|on|from)\s+(?:the\s+)?(?:current\s+)?(?:process(?:es)?\s+(?:list|table)|ps(?:\s+(?:output|list|listing))?)\b`)

// gonePID judges a PID said to be absent from the process list: ok is
// false when c is no such PID or no process probe was read.
func (ix *index) gonePID(answer string, c claim) (found, ok bool) {
	if c.kind != kindPID || c.off+len(c.text) > len(answer) || !goneAfterRe.MatchString(answer[c.off+len(c.text):]) {
		return false, false
	}
	probed := false
	for _, r := range ix.recs {
		if !livePIDProbes[r.probe] {
			continue
		}
		probed = true
		if r.hasPID(c.key) {
			return false, true
		}
	}
	return true, probed
}

// judgedGone reports such a PID to g, and whether c was one.
func (ix *index) judgedGone(g *Grounding, answer string, c claim, report func(*[]string, string)) bool {
	found, ok := ix.gonePID(answer, c)
	switch {
	case !ok:
	case found:
		report(&g.Found, c.text)
	default:
		report(&g.Missing, c.text+" (still in the process list)")
	}
	return ok
}

// goneSubjectEnd returns where the absence of a sentence starts, after
// the PID and the words naming the gone process, or 0 without one.
func goneSubjectEnd(sent string) int {
	low := asciiLower(sent)
	for _, m := range pidWordRe.FindAllStringIndex(low, -1) {
		if goneAfterRe.MatchString(low[m[1]:]) {
			// Any blank, not only a space, parts the PID from the words
			// after it, as goneAfterRe reads them.
			return m[1] + strings.IndexFunc(low[m[1]:], unicode.IsSpace)
		}
	}
	return 0
}

// pidWordRe reads "PID 1412" or "[1412]".
var pidWordRe = regexp.MustCompile(`\bpid\s+\d+|\[\d+`)

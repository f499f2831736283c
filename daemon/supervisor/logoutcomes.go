package supervisor

import (
	"regexp"
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "mdadm reported the array rebuilt at 21:37:10", where the line at
// 21:37:10 says "DegradedArray event": an outcome said to be reported or
// logged at a time (rebuilt, recovered, restarted, succeeded, …) must be
// what a line at that time says, one of the word's stems in its text. A
// denied outcome ("reported it was not rebuilt") asserts none, and a
// line denying it says none: "container will not be restarted" does not
// say Docker will restart it.

// outcomeStems gives, for each outcome word, the stems a line saying it
// holds.
var outcomeStems = map[string][]string{
	"rebuilt": {"rebuil", "recover", "resync"}, "rebuild": {"rebuil", "recover", "resync"},
	"recovered": {"recover"}, "restored": {"restor"}, "repaired": {"repair"},
	"resynced": {"resync"}, "succeeded": {"succe"}, "successful": {"succe"}, "successfully": {"succe"},
	"completed": {"complet", "finish", "done"}, "finished": {"finish", "complet", "done"},
	"restarted": {"restart", "start"}, "restart": {"restart"}, "restarts": {"restart"}, "resumed": {"resum"}, "reconnected": {"reconnect", "connect"},
	"fixed": {"fix"}, "healthy": {"health"},
}

// outcomeDenials before an outcome word deny it.
var outcomeDenials = lexicon.NewSet(`not no never t without failed unable`)

// deniedBefore reports a denial among the three words before ws[i].
func deniedBefore(ws []string, i int) bool {
	return slices.ContainsFunc(ws[max(0, i-3):i], func(d string) bool { return outcomeDenials[d] })
}

// unsaidOutcome returns the first outcome word after the log word of
// clause that no one of lines says, or "".
func unsaidOutcome(ix *index, clause string, lines []int32) string {
	low := asciiLower(clause)
	m := logWordRe.FindStringIndex(low)
	if m == nil {
		return ""
	}
	ws := plainWords(low[m[1]:])
	for i, w := range ws {
		stems, ok := outcomeStems[w]
		if !ok || deniedBefore(ws, i) {
			continue
		}
		if !slices.ContainsFunc(lines, func(id int32) bool { return saysOutcome(ix.recs[id].text, stems) }) {
			return w
		}
	}
	return ""
}

// saysOutcome reports whether line t has a word opening with one of stems
// that no denial in the three words before it denies ("ShouldRestart
// failed, container will not be restarted" says no restart).
func saysOutcome(t string, stems []string) bool {
	return outcomeIn(t, stems, false)
}

// deniesOutcome reports whether line t denies one of stems' outcomes.
func deniesOutcome(t string, stems []string) bool {
	return outcomeIn(t, stems, true)
}

// outcomeUndoings after an outcome word in a line deny it: "restart
// canceled", "rebuild failed".
var outcomeUndoings = []string{"canceled", "cancelled", "failed", "aborted", "refused", "skipped"}

// undoneOutcome reports whether one of the two words after ws[i] undoes it
// ("restart canceled", "the restart was canceled").
func undoneOutcome(ws []string, i int) bool {
	return slices.ContainsFunc(ws[i+1:min(len(ws), i+3)], func(w string) bool { return slices.Contains(outcomeUndoings, w) })
}

// fieldTokenRe reads a key=value field of a line: "restartCount=0" is a
// count, no restart.
var fieldTokenRe = regexp.MustCompile(`\b[a-z_][a-z0-9_.]*=[^"\s]\S*`)

// outcomeIn reports whether t has a word opening with one of stems,
// denied or not as denied says.
func outcomeIn(t string, stems []string, denied bool) bool {
	ws := plainWords(fieldTokenRe.ReplaceAllString(asciiLower(t), " "))
	for i, w := range ws {
		if slices.ContainsFunc(stems, func(s string) bool { return strings.HasPrefix(w, s) }) &&
			(deniedBefore(ws, i) ||
				undoneOutcome(ws, i)) == denied {
			return true
		}
	}
	return false
}

// deniedOutcome returns the first outcome word of text (not denied there)
// that lines deny and none says, or "": "Docker will restart container
// 9c3e…" where its line says "container will not be restarted".
func deniedOutcome(ix *index, text string, lines []int32) string {
	ws := plainWords(text)
	for i, w := range ws {
		stems, ok := outcomeStems[w]
		if !ok || undoneOutcome(ws, i) || deniedBefore(ws, i) {
			continue
		}
		if slices.ContainsFunc(lines, func(id int32) bool { return deniesOutcome(ix.recs[id].text, stems) }) &&
			!slices.ContainsFunc(lines, func(id int32) bool { return saysOutcome(ix.recs[id].text, stems) }) {
			return w
		}
	}
	return ""
}

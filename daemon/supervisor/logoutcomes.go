package supervisor

import (
	"slices"
	"strings"
)

// "mdadm reported the array rebuilt at 21:37:10", where the line at
// 21:37:10 says "DegradedArray event": an outcome said to be reported or
// logged at a time (rebuilt, recovered, restarted, succeeded, …) must be
// what a line at that time says, one of the word's stems in its text. A
// denied outcome ("reported it was not rebuilt") asserts none.

// outcomeStems gives, for each outcome word, the stems a line saying it
// holds.
var outcomeStems = map[string][]string{
	"rebuilt": {"rebuil", "recover", "resync"}, "rebuild": {"rebuil", "recover", "resync"},
	"recovered": {"recover"}, "restored": {"restor"}, "repaired": {"repair"},
	"resynced": {"resync"}, "succeeded": {"succe"}, "successful": {"succe"}, "successfully": {"succe"},
	"completed": {"complet", "finish", "done"}, "finished": {"finish", "complet", "done"},
	"restarted": {"restart", "start"}, "resumed": {"resum"}, "reconnected": {"reconnect", "connect"},
	"fixed": {"fix"}, "healthy": {"health"},
}

// outcomeDenials before an outcome word deny it.
var outcomeDenials = []string{"not", "no", "never", "t", "without", "failed", "unable"}

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
		if !ok || slices.ContainsFunc(ws[max(0, i-3):i], func(d string) bool { return slices.Contains(outcomeDenials, d) }) {
			continue
		}
		if !slices.ContainsFunc(lines, func(id int32) bool {
			t := strings.ToLower(ix.recs[id].text)
			return slices.ContainsFunc(stems, func(s string) bool { return strings.Contains(t, s) })
		}) {
			return w
		}
	}
	return ""
}

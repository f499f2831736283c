package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// "Two python3 processes hold the most memory" names the two that a
// predicate selects among the program's processes, not all of them:
// there may be a third, smaller one. Such a count needs at least that
// many rows of the name (the PIDs it names are checked as that name's by
// attribution); a bare "There are two python3 processes" needs exactly
// that many.

// selectedAfter reads a selecting predicate right after the noun of
// instances: "… processes (PIDs 7740, 8073) hold the most memory",
// "… processes that dominate memory", "… processes are the biggest".
var selectedAfter = regexp.MustCompile(`^(?:\s*\([^)]*\))?,?\s*(?:(?:that|which|who)\s+)?(?:(?:together|both|currently|now|here|clearly|easily|still)\s+)?` +
	`(?:dominat(?:e|es|ing)|lead|head|top|rank|stand\s+out|(?:are|were)\s+(?:at|near)\s+the\s+top` +
	`|(?:are|were)\s+(?:the\s+|among\s+the\s+)(?:top|biggest|largest|heaviest|hungriest|greediest|busiest|main|leading|highest|most|heavy)` +
	`|(?:are\s+|were\s+)?(?:hold|holding|use|using|take|taking|consume|consuming|eat|eating|have|account\s+for|accounting\s+for|hog|hogging|occupy)\s+(?:the\s+)?(?:most|largest|biggest|highest|bulk|lion|majority|top))\b`)

// selectedBefore reads a selecting word right before the count: "the top
// two python3 processes", "the biggest three …" (already ranked).
var selectedBefore = regexp.MustCompile(`\b(?:top|biggest|largest|heaviest|hungriest|greediest|busiest|first|leading|main)\s+$`)

// selectedSubject reads a ranked subject the count completes: "the
// biggest memory users are two python3 processes".
var selectedSubject = regexp.MustCompile(`\b(?:top|biggest|largest|heaviest|hungriest|greediest|busiest|main|leading|highest)\s+` +
	`(?:[a-z%]+\s+){0,2}(?:users?|consumers?|hogs?|eaters?|ones)\s+(?:are|were)\s+$`)

// selecting reports whether a count of instances, with before and after
// the text around it, counts only those a predicate selects.
func selecting(before, after string) bool {
	return selectedAfter.MatchString(after) || selectedBefore.MatchString(before) || selectedSubject.MatchString(before)
}

// instancePIDs reports the PIDs a count of a's processes goes on to name
// ("Two python3 processes hold the most memory: PID 7740 … and PID 8073
// …") that are no rows of a's, recs; a PID after another process's name
// ("…, then mysqld (PID 5200)") is that one's.
func instancePIDs(g *Grounding, a claim, recs []int32, anchors []claim, from int, records map[int][]int32) {
	for _, p := range anchors {
		switch {
		case p.off < from:
			continue
		case p.class == classProcess && p.key != a.key:
			return
		case p.class == classPID && !shareRecord(records[p.off], recs):
			g.Missing = append(g.Missing, p.text+" (not "+a.text+")")
		}
	}
}

// shareRecord reports whether two sets of records have one in common.
func shareRecord(a, b []int32) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// namingPrefix returns the records of recs that hold name, or else its
// longest leading words that still say more than the program key: "four
// python3 -c worker processes" counts the rows whose command reads
// "python3 -c" (not "python3 -m http.server"), for "worker" is the
// answer's word for them, not the rows'.
func (ix *index) namingPrefix(recs []int32, name, key string) []int32 {
	ws := strings.Fields(name)
	for n := len(ws); n > 0; n-- {
		p := strings.Join(ws[:n], " ")
		if p == key {
			return nil
		}
		if named := ix.naming(recs, p); len(named) > 0 {
			return named
		}
	}
	return nil
}

package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// "At 22:54:44 carol used sudo to run `mdadm --detail /dev/md0` as
// root", where the line at 22:54:44 says "carol : 3 incorrect password
// attempts ; … COMMAND=/usr/sbin/mdadm --detail /dev/md0": a line that
// records a failed attempt (a wrong password, a refused command or
// login) shows the command was not run and no one logged in. A clause
// dated by such lines only that tells the act as done ("ran", "used sudo
// to run", "logged in") with no word of failure or of trying is false.

var (
	// failedAttemptRe reads, on a journal line that is no failed login
	// (loginFailure), a refused sudo or a failed console login.
	failedAttemptRe = regexp.MustCompile(`incorrect password attempt|not in sudoers|command not allowed|invalid user|authentication for user .* failed|login failed|login incorrect`)
	// doneActRe reads a clause telling an act as done; sudo as its
	// instrument ("restarted prometheus via sudo") tells the command run.
	doneActRe = regexp.MustCompile(`\b(?:ran|executed|used sudo|sudo'd|(?:via|with|using|through) sudo|became root|logged in|logged into|signed in|authenticated|got in|succeeded|successful|successfully|accepted)\b`)
	// triedRe reads a word of failure or trying in a clause.
	triedRe = regexp.MustCompile(`\b(?:fail\w*|incorrect|wrong|denied|refused|reject\w*|tried|try|trying|attempt\w*|unable|couldn|could not|cannot|can't|not|never|unsuccessful\w*|invalid|bad)\b`)
)

// failedAttempt reports a journal line (lowercased, index.go) that
// records a failed attempt.
func failedAttempt(t string) bool {
	return loginFailure(t) || failedAttemptRe.MatchString(t) // countclaims.go
}

// checkFailedAttempts reports each clock time of a clause that tells an
// act as done where every journal line at that time records a failed
// attempt.
func checkFailedAttempts(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim) {
	var ids []int32
	for k, c := range claims {
		if c.kind != kindClock || c.advice || c.sent >= len(facts) {
			continue
		}
		start, end := facts[c.sent].at.start, min(facts[c.sent].at.end, len(answer))
		from, to := logClause(answer, start, end, c.off, logClauseBreaks)
		low := asciiLower(answer[from:to])
		if !doneActRe.MatchString(low) || triedRe.MatchString(ownPart(low, c.off-from)) {
			continue
		}
		if ids == nil {
			var ok bool
			if ids, ok, _ = ix.journalEntries(); !ok || len(ids) == 0 {
				return
			}
		}
		times, at := sentenceClocks(claims, k)
		var lines []int32
		for _, id := range ix.clockLines(answer, times, at) {
			if slices.Contains(ids, id) {
				lines = append(lines, id)
			}
		}
		if len(lines) > 0 && !slices.ContainsFunc(lines, func(id int32) bool { return !failedAttempt(ix.recs[id].text) }) {
			g.Missing = append(g.Missing, c.text+" (a failed attempt: "+strings.TrimSpace(doneActRe.FindString(low))+")")
		}
	}
}

// ownPart returns the part of a clause (lowercased) around the clock at
// off that a comma or colon before it sets off: in "after two failed
// attempts as deploy, the root login at 07:10:34 succeeded" the failures
// are of the earlier lines, and the login at 07:10:34 is told as done.
func ownPart(low string, off int) string {
	if off < 0 || off > len(low) {
		return low
	}
	from := max(strings.LastIndex(low[:off], ", "), strings.LastIndex(low[:off], ": "))
	if from < 0 {
		return low
	}
	return low[from+2:]
}

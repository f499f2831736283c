package supervisor

import (
	"regexp"
	"strings"
)

// "The same address as …" links two logged events by a value they share:
// "… from unknown[203.0.113.80] — the same address that failed IMAP auth
// for user bob at 20:41:40", "That's the same address bob's failed IMAP
// login came from at 20:41:40", "the same PID as the 20:13:06 reject".
// The value is the one right after the phrase ("the same address
// (203.0.113.45)"), else the last address (user, PID) before it, in its
// sentence or else the sentence before; what the clause after it gives of
// the other event (its clock times, its user) must be on one journal
// line holding the value. The clause describes that other line: its
// figures and names are not tied to the entity before the phrase, and a
// link mark inside it ("… came from at 20:41:40") links nothing to it.

var (
	sameRe    = regexp.MustCompile(`\bthe\s+same\s+(ip\s+address|address|ip|host|client|source|user|account|pid|process)\b`)
	samePIDRe = regexp.MustCompile(`(?:\bpid\s+|\[)(\d{2,})\b`)
	sameIPRe  = regexp.MustCompile(`\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|\b[0-9a-f]{1,4}(?::[0-9a-f]{0,4}){2,7}\b`)
	// namedSameRe reads the value right after the phrase: "the same
	// address (203.0.113.45)", "the same PID, 2211,".
	namedSameRe = regexp.MustCompile(`^\s*[(,:]?\s*(?:unknown\[|pid\s+)?(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|\d{2,7})\b\]?\)?`)
	clockRe     = regexp.MustCompile(`\b\d{1,2}:\d\d(?::\d\d)?\b`)
)

// checkSameLinks reports each "the same address …" link of the answer.
func checkSameLinks(ix *index, g *Grounding, answer string, facts []sentenceFacts) {
	for k, f := range facts {
		low := asciiLower(answer[f.at.start:min(f.at.end, len(answer))])
		m := sameRe.FindStringSubmatchIndex(low)
		if m == nil || f.advice || linkGuessed(" "+low+" ") {
			continue
		}
		before := low[:m[0]]
		if k > 0 && !strings.ContainsAny(before, "0123456789") {
			prev := facts[k-1].at
			before = asciiLower(answer[prev.start:min(prev.end, len(answer))]) + " " + before
		}
		clause := low[m[1]:]
		value := sameValue(low[m[2]:m[3]], before)
		if v := namedSameRe.FindStringSubmatch(clause); v != nil {
			// "from the same address (203.0.113.45) at 18:44:21 and
			// 18:44:34": the value is the one it names.
			value, clause = v[1], clause[len(v[0]):]
		}
		if value == "" {
			continue
		}
		clocks := clockRe.FindAllString(clause, -1)
		user := ""
		if u := userNameRe.FindStringSubmatch(clause); u != nil && userName(u[1]) {
			user = u[1]
		} else if u := possessiveUserRe.FindStringSubmatch(clause); u != nil && ix.loggedUser(u[1]) {
			user = u[1] // "bob's failed IMAP login"
		}
		if len(clocks) == 0 && user == "" {
			continue
		}
		what := "the same " + low[m[2]:m[3]] + " (" + value + ")"
		report(g, ix.sharedLine(value, user, clocks), what)
	}
}

// possessiveUserRe reads "bob's" before an event noun.
var possessiveUserRe = regexp.MustCompile(`\b([a-z_][\w.-]*)['’]s\s+(?:[\w-]+\s+){0,2}(?:login|logon|auth|authentication|attempt|session|connection|password)`)

// loggedUser reports a name the journal gives as a user (namesUser).
func (ix *index) loggedUser(name string) bool {
	ids, _, _ := ix.journalEntries()
	for _, id := range ids {
		if namesUser(ix.recs[id].text, name) {
			return true
		}
	}
	return false
}

// sameValue returns the value a "the same <noun>" refers to: the last of
// its kind in the text before it, or "".
func sameValue(noun, before string) string {
	var all []string
	switch {
	case strings.Contains(noun, "address") || noun == "ip" || noun == "host" || noun == "client" || noun == "source":
		for _, a := range sameIPRe.FindAllString(before, -1) {
			if !clockRe.MatchString(a) || strings.Contains(a, "::") {
				all = append(all, a) // not a clock time "20:09:19"
			}
		}
	case noun == "pid" || noun == "process":
		for _, m := range samePIDRe.FindAllStringSubmatch(before, -1) {
			all = append(all, m[1])
		}
	default:
		for _, m := range userNameRe.FindAllStringSubmatch(before, -1) {
			if userName(m[1]) {
				all = append(all, m[1])
			}
		}
	}
	if len(all) == 0 {
		return ""
	}
	return all[len(all)-1]
}

// sharedLine reports that each of clocks (or, with none, some time) has
// a journal line holding value and naming user (if any): "the same address
// (203.0.113.45) at 18:44:21 and 18:44:34" needs both lines to hold it.
func (ix *index) sharedLine(value, user string, clocks []string) bool {
	ids, _, _ := ix.journalEntries()
	at := func(clock string) bool {
		from, to, ok := clockSpan(clock)
		for _, id := range ids {
			t := ix.recs[id].text
			if !containsBounded(t, value, false) || user != "" && !containsBounded(t, user, false) {
				continue
			}
			if clock == "" {
				return true
			}
			if when, timed := recordClock(t); timed && ok && when >= from && when <= to {
				return true
			}
		}
		return false
	}
	if len(clocks) == 0 {
		return at("")
	}
	for _, c := range clocks {
		if !at(c) {
			return false
		}
	}
	return true
}

// sameClause reports a claim and its entity on the two sides of "the
// same address …": the clause after it describes another line.
func sameClause(answer string, c claim, a *claim) bool {
	if a == nil || a.off >= c.off {
		return false
	}
	return sameRe.MatchString(asciiLower(answer[a.off:c.off]))
}

// insideSame reports a link mark at the end of head that a "the same
// address …" clause holds: "the same address bob's login came from".
func insideSame(head string) bool {
	return sameRe.MatchString(head)
}

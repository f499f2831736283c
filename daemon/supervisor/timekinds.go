package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// "The liveness probe of the orders container failed at 04:38:56 with
// connection refused", where the line at 04:38:56 says probeType=
// "Readiness" and the liveness probe's line, at 04:35:31, says "context
// deadline exceeded": the time is real and each word is in the journal,
// but the kind of event and the way it failed are another line's. Some
// words come in families whose members exclude one another (a probe's
// kind; a connection's failure: refused, timed out, reset, no route, no
// space, denied). A clause dated by a clock time that names a member of
// such a family must name one its time's journal lines name, where those
// lines name any member of it; lines that name none leave it unjudged.

// eventKind is one member of a family of exclusive event words.
type eventKind struct {
	family, name string
	re           *regexp.Regexp
}

// eventKinds are the families' members, each with the words that name it
// in an answer or a line (lowercased).
var eventKinds = []eventKind{
	{"probe", "liveness", regexp.MustCompile(`\bliveness\b`)},
	{"probe", "readiness", regexp.MustCompile(`\breadiness\b`)},
	{"probe", "startup", regexp.MustCompile(`\bstartup probe|probetype="startup"`)},
	{"failure", "connection refused", regexp.MustCompile(`\brefused\b|\brefusing connections?\b`)},
	{"failure", "timeout", regexp.MustCompile(`\btime ?outs?\b|\btimed out\b|\bdeadline exceeded\b|\bdeadlineexceeded\b`)},
	{"failure", "connection reset", regexp.MustCompile(`\breset by peer\b|\bconnection reset\b`)},
	{"failure", "no route to host", regexp.MustCompile(`\bno route to host\b`)},
	{"failure", "no space left on device", regexp.MustCompile(`\bno space left\b|\benospc\b`)},
	{"failure", "permission denied", regexp.MustCompile(`\bpermission denied\b|\beacces\b`)},
}

// kindsNamed returns the members of eventKinds a text names, in their
// order.
func kindsNamed(t string) []eventKind {
	var out []eventKind
	for _, k := range eventKinds {
		if k.re.MatchString(t) {
			out = append(out, k)
		}
	}
	return out
}

// kindNegationRe reads a word that denies or contrasts a member ("not a
// timeout", "without errors").
var kindNegationRe = regexp.MustCompile(`\b(?:not|no|never|without|nothing|rather than|instead of)\b|n't\b`)

// kindDenialWords bounds how far before a member's words a negation
// denies it: "and no restart followed" after "connection refused" is
// said of the restart, not of the refusal.
const kindDenialWords = 4

// kindsAffirmed returns the members low names that no negation in the few
// words before them denies. The members' own words are blanked first,
// so "no route to host" neither is a negation nor denies what follows.
func kindsAffirmed(low string, said []eventKind) []eventKind {
	blank := low
	for _, k := range eventKinds {
		blank = k.re.ReplaceAllStringFunc(blank, func(m string) string { return strings.Repeat(" ", len(m)) })
	}
	return slices.DeleteFunc(said, func(k eventKind) bool {
		for _, m := range k.re.FindAllStringIndex(low, -1) {
			words := strings.Fields(blank[:m[0]])
			if kindNegationRe.MatchString(strings.Join(words[max(0, len(words)-kindDenialWords):], " ")) {
				return true
			}
		}
		return false
	})
}

// checkTimeKinds reports each member of a family a dated clause names
// that its time's journal lines do not, where they name another.
func checkTimeKinds(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim) {
	var ids []int32
	for k, c := range claims {
		if c.kind != kindClock || c.advice || c.sent >= len(facts) {
			continue
		}
		times, at := sentenceClocks(claims, k)
		start, end := facts[c.sent].at.start, min(facts[c.sent].at.end, len(answer))
		from, to := logClause(answer, start, end, c.off, timeKindBreaks)
		from, to = clockItem(answer, times, at, from, to)
		low := asciiLower(answer[from:to]) + causeAfter(answer, facts, claims, c, to)
		said := kindsAffirmed(low, kindsNamed(low))
		if len(said) == 0 {
			continue
		}
		if ids == nil {
			var ok bool
			if ids, ok, _ = ix.journalEntries(); !ok || len(ids) == 0 {
				return
			}
		}
		families, logged := map[string]bool{}, map[string]bool{}
		for _, id := range ix.clockLines(answer, times, at) {
			// ids ascend (journalEntries reads the records in order).
			if _, in := slices.BinarySearch(ids, id); !in {
				continue
			}
			for _, n := range kindsNamed(asciiLower(ix.recs[id].text)) {
				families[n.family], logged[n.name] = true, true
			}
		}
		for _, n := range said {
			if families[n.family] && !logged[n.name] {
				g.Missing = append(g.Missing, n.name+" (not at "+strings.TrimSpace(c.text)+")")
			}
		}
	}
}

// causeOpenRe reads a sentence that gives the cause of the one before.
var causeOpenRe = regexp.MustCompile(`^\W*(?:the )?(?:cause|reason)s?(?: was| is)?\s*:|^\W*(?:this|that|it) (?:was|is) (?:caused by|due to|because)\b|^\W*because\b`)

// causeAfter returns the sentence after the clock c's, lowercased, when
// c's clause ends its sentence and that one gives its cause with no time
// of its own ("image-prune.service failed at 04:00:01. Cause: no space
// left on device"); else "".
func causeAfter(answer string, facts []sentenceFacts, claims []claim, c claim, to int) string {
	if c.sent+1 >= len(facts) || to < facts[c.sent].at.end {
		return ""
	}
	next := facts[c.sent+1]
	if slices.ContainsFunc(claims, func(t claim) bool { return t.sent == c.sent+1 && t.kind == kindClock }) {
		return ""
	}
	low := asciiLower(answer[next.at.start:min(next.at.end, len(answer))])
	if !causeOpenRe.MatchString(low) {
		return ""
	}
	return " " + low
}

// timeKindBreaks end the part of a clause its time dates: a cause or an
// event before or after it ("failed at 02:00:05 because rsync hit 'No
// space left on device'", "refused shortly after … at 04:38:24") may be
// another time's line.
var timeKindBreaks = append([]string{" because ", " due to ", " since ", " following "}, logItemBreaks...)

// clockItemBreaks end one dated item of a clause and open the next.
var clockItemBreaks = append([]string{", ", " ("}, logItemBreaks...)

// clockItem narrows [from, to) to the item of times[at]: "web1 went DOWN
// at 22:51:00 (Layer4 timeout), web2 went DOWN at 22:51:05 (Connection
// refused)" gives each time the words up to the last break before the
// next time, and from the last break after the time before.
func clockItem(answer string, times []claim, at, from, to int) (int, int) {
	lastBreak := func(s string) (int, int) {
		best, size := -1, 0
		for _, b := range clockItemBreaks {
			if i := strings.LastIndex(s, b); i > best {
				best, size = i, len(b)
			}
		}
		return best, size
	}
	c := times[at]
	if at > 0 {
		p := times[at-1]
		if pe := p.off + len(p.text); pe <= c.off && pe >= from {
			i, n := lastBreak(answer[pe:c.off])
			from = max(from, pe+max(i+n, 0))
		}
	}
	if at+1 < len(times) {
		ce, n := c.off+len(c.text), times[at+1]
		if ce <= n.off && n.off <= to {
			if i, _ := lastBreak(answer[ce:n.off]); i >= 0 {
				to = min(to, ce+i)
			} else {
				to = min(to, n.off)
			}
		}
	}
	return from, max(from, to)
}

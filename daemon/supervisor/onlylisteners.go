package supervisor

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Claims that some listeners are all there are:
//
//   - "Only sshd is listening", "only port 2024 is listening, on
//     0.0.0.0", "Only nginx and sshd listen on TCP", "2024 is the only
//     listener", "the only listening port is 2024": every socket of ss
//     (of the protocol named) must be owned by a process, or have a
//     port, of the subject. A scope after the verb ("only cupsd listens
//     on 127.0.0.1") makes it a claim about that scope, not checked
//     here.
//   - "Nothing else has an open TCP port", "no other process is
//     listening": every socket (of the protocol) must be a process's,
//     PID's or port's the answer named before it.
//
// An ownerless socket (ss shows no process) is a listener too: "Only
// python3 is listening" is false where 2024 listens without an owner.

var (
	// onlyAt finds "only" opening a clause, and subjectVerb the verb
	// that ends its subject.
	onlyAt      = regexp.MustCompile(`(?i)(?:^|[,;:(]\s*|\b(?:and|but|so)\s+|[-*>]\s+)only\s+`)
	subjectVerb = regexp.MustCompile(`(?i)\s(?:is|are|listens|listen)\b`)
	// onlyVerbRe reads the verb and what may follow it: a protocol, then
	// the end of the clause.
	onlyVerbRe = regexp.MustCompile(`(?i)^\s(?:is\s+listening|are\s+listening|listens|listen|is\s+open|are\s+open)(?:\s+(?:on|over|for)\s+(tcp|udp))?\s*(?:[.,;:!]|\s[-–—]|$)`)
	// theOnlyAfter reads "X is the only listener", "… the only listening
	// port", "… the only service listening" after a subject.
	theOnlyAfter = regexp.MustCompile(`(?i)\s(?:is|are)\s+the\s+only\s+(?:(?:open|listening)\s+)?(?:(tcp|udp)\s+)?(?:listeners?|sockets?|ports?|(?:services?|process(?:es)?|programs?|daemons?)\s+(?:listening|with\s+an\s+open\s+port))(?:\s+(?:on|over)\s+(tcp|udp))?\s*(?:[.,;:!]|\s[-–—]|$)`)
	// theOnlyBefore reads "the only listening port is" before a subject.
	theOnlyBefore = regexp.MustCompile(`(?i)(?:^|[,;:]\s*|\b(?:and|but|so)\s+)the\s+only\s+(?:(?:open|listening)\s+)?(?:(tcp|udp)\s+)?(?:listeners?|sockets?|ports?)\s+(?:is|are)\s+`)
	// nothingElseRe reads "nothing else is listening", "no other process
	// has an open TCP port".
	nothingElseRe = regexp.MustCompile(`(?i)(?:^|[,;:]\s*|\b(?:and|but|so)\s+|[-–—]\s+)(?:nothing\s+else|no\s+other\s+(?:process|program|service|daemon|port|socket|listener)(?:es|s)?)\s+` +
		`(?:(?:is\s+|are\s+)?(?:listening|listens|listen|open)|(?:has|have|holds?)\s+an?\s+open\s+(?:(tcp|udp)\s+)?(?:port|socket)s?)(?:\s+(?:on|over)\s+(tcp|udp))?\s*(?:[.,;:!]|\s[-–—]|$)`)
)

// subjectFillers are the words a subject of "only" may hold besides its
// names: "only port 2024", "only sshd (PID 812) and nginx".
var subjectFillers = lexicon.NewSet(`and or the port ports tcp udp pid pids process processes service daemon server its`)

// checkOnlyListeners reports listeners left out of "only X is listening"
// and of "nothing else is listening".
func checkOnlyListeners(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	for _, sp := range onlySubjects(answer, facts) {
		var subject []claim
		for _, c := range claims {
			if c.off >= sp.start && c.off < sp.end && !c.advice {
				subject = append(subject, c)
			}
		}
		if !soleSubject(answer[sp.start:sp.end], subject) {
			continue
		}
		// The rest of the sentence may name more: "…, plus an ownerless
		// socket on 2024", "… besides port 2024".
		named := subject
		for _, c := range claims {
			if c.off >= sp.end && c.off < sp.sentEnd && listenerName(c) {
				named = append(named, c)
			}
		}
		ix.othersListening(g, named, sp.proto, "only "+strings.TrimSpace(answer[sp.start:sp.end]))
	}
	for _, f := range facts {
		k := f.at
		s := strings.TrimLeft(answer[k.start:k.end], " \t\n")
		if !containsFoldASCII(s, "else") && !containsFoldASCII(s, "other") {
			continue
		}
		from := k.end - len(s)
		for _, m := range nothingElseRe.FindAllStringSubmatchIndex(s, -1) {
			var named []claim
			for _, c := range claims {
				if c.off < from+m[0] && !c.advice && listenerName(c) {
					named = append(named, c)
				}
			}
			if len(named) > 0 {
				proto := strings.ToLower(submatch(s, m, 1) + submatch(s, m, 2))
				ix.othersListening(g, named, proto, strings.TrimSpace(s[m[0]:m[1]]))
			}
		}
	}
}

// subjectSpan is the subject of an "only" claim in the answer, and the
// protocol its verb names.
type subjectSpan struct {
	start, end int
	proto      string
	sentEnd    int // where its sentence ends
}

// onlySubjects finds the subjects of "only X is listening", "X is the
// only listener" and "the only listener is X" in the answer.
func onlySubjects(answer string, facts []sentenceFacts) []subjectSpan {
	var out []subjectSpan
	for _, f := range facts {
		k := f.at
		s := answer[k.start:k.end]
		if !containsFoldASCII(s, "only") {
			continue
		}
		for _, m := range onlyAt.FindAllStringIndex(s, -1) {
			v := subjectVerb.FindStringIndex(s[m[1]:])
			if v == nil {
				continue
			}
			if t := onlyVerbRe.FindStringSubmatch(s[m[1]+v[0]:]); t != nil {
				out = append(out, subjectSpan{k.start + m[1], k.start + m[1] + v[0], strings.ToLower(t[1]), k.end})
			}
		}
		if m := theOnlyAfter.FindStringSubmatchIndex(s); m != nil {
			from := strings.LastIndexAny(s[:m[0]], ",;:") + 1
			out = append(out, subjectSpan{k.start + from, k.start + m[0], strings.ToLower(submatch(s, m, 1) + submatch(s, m, 2)), k.end})
		}
		if m := theOnlyBefore.FindStringSubmatchIndex(s); m != nil {
			to := len(s)
			if i := strings.IndexAny(s[m[1]:], ",;:("); i >= 0 {
				to = m[1] + i
			}
			out = append(out, subjectSpan{k.start + m[1], k.start + to, strings.ToLower(submatch(s, m, 1)), k.end})
		}
	}
	return out
}

// submatch returns the k-th group of a match, or "".
func submatch(s string, m []int, k int) string {
	if 2*k+1 >= len(m) || m[2*k] < 0 {
		return ""
	}
	return s[m[2*k]:m[2*k+1]]
}

// soleSubject reports whether a subject is names and nothing else
// ("sshd", "port 2024", "nginx (PID 930) and sshd"), with at least one
// listener's name.
func soleSubject(text string, subject []claim) bool {
	if !slices.ContainsFunc(subject, listenerName) {
		return false
	}
	lower := strings.ToLower(text)
	for _, c := range subject {
		lower = strings.Replace(lower, strings.ToLower(c.text), " ", 1)
	}
	for _, w := range plainWords(lower) {
		if !subjectFillers[w] {
			return false
		}
	}
	return true
}

// listenerName reports a claim that may name a listener: a process
// (not one known only by its place), a PID or a port.
func listenerName(c claim) bool {
	return c.kind == kindPort || c.class == classPID || c.class == classProcess && !c.positional && !c.soft
}

// othersListening reports the sockets (of proto, when set) that none of
// the names owns or holds the port of.
func (ix *index) othersListening(g *Grounding, names []claim, proto, what string) {
	rows := map[int32]bool{}
	for _, c := range names {
		if c.kind != kindPort {
			for _, id := range ix.anchorRecords(c) {
				rows[id] = true
			}
		}
	}
	var others []string
	probed := false
	for id, r := range ix.recs {
		s, ok := ssSocket(r)
		port, err := strconv.Atoi(s.port)
		if !ok || err != nil {
			continue
		}
		probed = true
		if proto != "" && s.proto != proto || rows[int32(id)] {
			continue
		}
		if !slices.ContainsFunc(names, func(c claim) bool { return c.kind == kindPort && c.port == port }) {
			others = append(others, s.proto+" "+s.port)
		}
	}
	switch {
	case !probed:
	case len(others) > 0:
		g.Missing = append(g.Missing, what+" (also "+strings.Join(others, ", ")+")")
	default:
		g.Found = append(g.Found, what)
	}
}

// ssSocket reads the socket of an ss row (see socketOf), leaving out the
// typed line that repeats it ("local_address … netid udp"), so that no
// socket is counted twice.
func ssSocket(r record) (socketAt, bool) {
	if t := strings.TrimLeft(r.text, " \t"); !strings.HasPrefix(t, "tcp") && !strings.HasPrefix(t, "udp") {
		return socketAt{}, false
	}
	return socketOf(r)
}

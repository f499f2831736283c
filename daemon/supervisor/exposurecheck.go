package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// reachClause is a clause of an answer as checkExposure reads it.
type reachClause struct {
	start, end int
	// strong is set when a sentence or line break opens it; cond when
	// "if" or "unless" does (a condition asserts nothing); sep is the
	// separator that opens it.
	strong, cond bool
	sep          string
}

// reachSeps end a clause: those of a sentence first, then those of a
// clause within one, and the conditions.
var (
	reachStrong = []string{". ", "\n", "? ", "! ", ";"}
	reachWeak   = []string{", and ", ", but ", " while ", " whereas ", ", so ", " so ", " — ", " – ", " -- "}
	reachConds  = []string{" unless ", " if "}
)

// reachClauses cuts an answer into clauses; "i.e." and "e.g." end none.
func reachClauses(answer string) []reachClause {
	text := asciiLower(answer)
	for _, abbr := range []string{"i.e.", "e.g."} {
		text = strings.ReplaceAll(text, abbr, strings.Repeat("_", len(abbr)))
	}
	type sepAt struct {
		sep  string
		kind int
		next int // its next offset at or after pos; -1 when none is left
	}
	var seps []sepAt
	for k, list := range [][]string{reachStrong, reachWeak, reachConds} {
		for _, sep := range list {
			seps = append(seps, sepAt{sep, k, strings.Index(text, sep)})
		}
	}
	var out []reachClause
	cur := reachClause{strong: true}
	for pos := 0; pos < len(text); {
		at, n, kind := len(text), 0, 0
		for j := range seps {
			sp := &seps[j]
			if sp.next >= 0 && sp.next < pos {
				// Searched again only once passed: linear in the answer.
				if i := strings.Index(text[pos:], sp.sep); i >= 0 {
					sp.next = pos + i
				} else {
					sp.next = -1
				}
			}
			if sp.next >= 0 && sp.next < at {
				at, n, kind = sp.next, len(sp.sep), sp.kind
			}
		}
		cur.end = at
		out = append(out, cur)
		cur = reachClause{start: at + n, strong: kind == 0, cond: kind == 2, sep: text[at : at+n]}
		pos = at + n
		if n == 0 {
			break
		}
	}
	return out
}

// asciiLower lowers ASCII letters only, keeping every byte offset.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// commaSegments returns the spans of a clause cut at ", " outside
// brackets.
func commaSegments(answer string, cl reachClause) [][2]int {
	var out [][2]int
	depth, from := 0, cl.start
	for i := cl.start; i < cl.end; i++ {
		switch answer[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth = max(0, depth-1)
		case ',':
			if depth == 0 && i+1 < cl.end && answer[i+1] == ' ' {
				out = append(out, [2]int{from, i})
				from = i + 2
			}
		}
	}
	return append(out, [2]int{from, cl.end})
}

// reachSubjects narrows a clause's subjects to those of the comma
// segments that say the reach ("UDP 5353 (avahi-daemon), TCP 631 on
// localhost" says it of 631 only), unless those segments name none
// ("five listeners, all on 0.0.0.0").
func reachSubjects(segs []segReach, subjects []claim) []claim {
	var out []claim
	for _, s := range segs {
		if !s.ok {
			continue
		}
		for _, c := range subjects {
			if c.off >= s.from && c.off < s.to {
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 {
		return subjects
	}
	return out
}

// pronounWords open a clause that goes on about the subjects of the one
// before: "…, so it isn't exposed", "— loopback only".
var pronounWords = lexicon.NewSet(`it its they them which this that these both`)

// goesOn reports a clause that speaks of the previous clause's subjects:
// it opens with a pronoun or with its reach ("loopback only, …").
func goesOn(ws []string) bool {
	i := 0
	for i < len(ws) && leadWords[ws[i]] {
		i++
	}
	if pronounWords[at(ws, i)] {
		return true
	}
	_, ok := readReach(ws[i:min(len(ws), i+3)])
	return ok
}

// questioned reports a clause the answer asks rather than says: "Is
// 5432 exposed?".
func questioned(answer string, c reachClause) bool {
	return strings.HasPrefix(strings.TrimLeft(answer[c.end:], " *`"), "?")
}

// checkExposure reports listeners said to reach further, or less far,
// than their sockets do (see exposure.go). Its words are those of the
// answer with its quotes blanked: a quoted config line ("Port 631
// exposed to the network") says no reach.
func checkExposure(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim) {
	blanked := blankedAnswer(answer, facts)
	var prev []claim
	var label *reachSaid
	for _, cl := range quantHeads(answer, reachClauses(answer)) {
		if cl.strong {
			prev, label = nil, nil
		}
		text := answer[cl.start:cl.end]
		cw := newReachWords(blanked, cl) // reachwords.go
		ws := cw.ws
		subjects := clauseSubjects(answer, claims, cl)
		if cl.cond || anyOf(ws, reachModals) || questioned(answer, cl) {
			prev = subjects
			continue
		}
		if cl.sep != ", and " {
			label = nil // a label's reach goes on over its list only
		}
		rs, ok := readReach(ws)
		if !ok && tableRow(answer, cl.end) {
			rs, ok = rowReach(ws) // sockets.go
		}
		if hrs, head := headReach(cw, cl, subjects); head {
			label = &hrs
		}
		if !ok && label != nil {
			rs, ok = *label, true
		}
		if q, rest := quantifier(cw, cl); q != "" {
			if !ok {
				rs, ok = addressReach(text)
			}
			if ok {
				checkQuantified(ix, g, rs, q, rest, text, clauseListeners(claims, cl), clauseNumbers(claims, cl))
			}
			prev = nil
			continue
		}
		inherited := len(subjects) == 0 && !cl.strong && goesOn(ws)
		if inherited {
			subjects = prev
		}
		prev = subjects
		if !ok {
			continue
		}
		if !inherited && exclusiveClause(cw, cl, subjects) {
			checkOthers(ix, g, rs, subjects, text) // exclusive.go
		}
		// Segments say their own reach only in the clause's own list.
		var segs []segReach
		if !inherited && label == nil {
			segs = segmentReaches(cw, cl)
			// "UDP 5005 (socat), TCP 631 on localhost" says it of 631 only.
			subjects = reachSubjects(segs, subjects)
		}
		for _, c := range subjects {
			var socks []socketAt
			if c.kind == kindPort {
				socks = ix.portReach(c)
			} else {
				socks = ix.entitySockets(c)
			}
			r := rs
			if own, ok := segmentReach(segs, c); ok {
				r = own // segreach.go
			}
			if len(socks) > 0 && !r.holds(socks) {
				g.Missing = append(g.Missing, c.text+" ("+reachNames[r.r]+")")
			}
		}
	}
}

// headReach reads a reach said before every subject of a clause and
// nowhere after the first: a label ("Open to the network: 22, 80 and
// 631") or a subject ("The network-facing listeners are sshd on 22,
// nginx on 443 and annad on 7070"), said of every item of the list.
func headReach(cw reachWords, cl reachClause, subjects []claim) (reachSaid, bool) {
	head := cl.end
	for _, c := range subjects {
		head = min(head, c.off)
	}
	if len(subjects) == 0 {
		i := strings.Index(cw.answer[cl.start:cl.end], ": ")
		if i < 0 {
			return reachSaid{}, false
		}
		head = cl.start + i // "Reachable from outside:" ending its line
	}
	rs, ok := readReach(cw.words(cl.start, head))
	if _, tail := readReach(cw.words(head, cl.end)); !ok || tail {
		return reachSaid{}, false
	}
	return rs, true
}

// reachNames say in Missing what a listener was wrongly said to be.
var reachNames = map[reach]string{reachWide: "not reachable from the network", reachEvery: "not on all interfaces", reachLocal: "not loopback only", reachFamily: "not of one address family only"}

// clauseSubjects returns the ports of a clause, or else its processes
// and PIDs; a process whose PID follows in its bracket is that PID
// ("socat (PID 1472)" is not every socat). A general statement's are
// read too ("…, so it could be reachable"): its modal clause is skipped
// by checkExposure, not the clauses before it.
func clauseSubjects(answer string, claims []claim, cl reachClause) []claim {
	var ports, ents []claim
	for _, c := range claims {
		if c.off < cl.start || c.off >= cl.end || c.advice && !c.general {
			continue
		}
		switch {
		case c.kind == kindPort:
			ports = append(ports, c)
		case c.class == classProcess || c.class == classPID:
			ents = append(ents, c)
		}
	}
	if len(ports) > 0 {
		return ports
	}
	out := ents[:0:0]
	for i, c := range ents {
		if i+1 < len(ents) && ents[i+1].class == classPID && c.class == classProcess && pidBracket(answer, c, ents[i+1]) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// pidBracket reports a PID whose bracket opens right after the name
// before it, with only spaces, backticks or * between ("sshd (PID 812)",
// "`cupsd` (pid=700)"): the PID says which process the name is.
func pidBracket(answer string, name, pid claim) bool {
	end := name.off + len(name.text)
	return pid.paren >= end && strings.Trim(answer[end:pid.paren], " `*") == ""
}

// checkReach holds the rules on where a listener can be reached from:
// "on all interfaces", "exposed", "loopback only" (checkExposure alone
// judges these), an unowned socket, and a port that opens its own
// clause. Each judges its claims on its own: none reads g.Missing.
func checkReach(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim, anchors map[int][]claim) {
	claims = ix.withoutPeerPorts(answer, claims) // a connection's far end says no reach: peerends.go
	checkExposure(ix, g, answer, facts, claims)
	checkPortItems(ix, g, answer, claims, anchors)
}

package supervisor

import (
	"slices"
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
func reachSubjects(answer string, cl reachClause, subjects []claim) []claim {
	var out []claim
	for _, sp := range commaSegments(answer, cl) {
		if _, ok := readReach(plainWords(answer[sp[0]:sp[1]])); !ok {
			continue
		}
		for _, c := range subjects {
			if c.off >= sp[0] && c.off < sp[1] {
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
// than their sockets do (see exposure.go).
func checkExposure(ix *index, g *Grounding, answer string, claims []claim) {
	var prev []claim
	var label *reachSaid
	for _, cl := range reachClauses(answer) {
		if cl.strong {
			prev, label = nil, nil
		}
		text := answer[cl.start:cl.end]
		ws := plainWords(text)
		subjects := clauseSubjects(claims, cl)
		if cl.cond || anyOf(ws, reachModals) || questioned(answer, cl) {
			prev = subjects
			continue
		}
		if cl.sep != ", and " {
			label = nil // a label's reach goes on over its list only
		}
		rs, ok := readReach(ws)
		if hrs, head := headReach(text, cl, subjects); head {
			label = &hrs
		}
		if !ok && label != nil {
			rs, ok = *label, true
		}
		if q, rest := quantifier(text); q != "" {
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
		if !inherited && exclusiveClause(text, cl, subjects) {
			checkOthers(ix, g, rs, subjects, text) // exclusive.go
		}
		if !inherited && label == nil {
			// "UDP 5005 (socat), TCP 631 on localhost" says it of 631 only.
			subjects = reachSubjects(answer, cl, subjects)
		}
		for _, c := range subjects {
			var socks []socketAt
			if c.kind == kindPort {
				socks = ix.portReach(c)
			} else {
				socks = ix.entitySockets(c)
			}
			if len(socks) > 0 && !rs.holds(socks) {
				g.Missing = append(g.Missing, c.text+" ("+reachNames[rs.r]+")")
			}
		}
	}
}

// headReach reads a reach said before every subject of a clause and
// nowhere after the first: a label ("Open to the network: 22, 80 and
// 631") or a subject ("The network-facing listeners are sshd on 22,
// nginx on 443 and annad on 7070"), said of every item of the list.
func headReach(text string, cl reachClause, subjects []claim) (reachSaid, bool) {
	first := -1
	for _, c := range subjects {
		if first < 0 || c.off-cl.start < first {
			first = c.off - cl.start
		}
	}
	head := text
	if first >= 0 {
		head = text[:first]
	} else if h, _, cut := strings.Cut(text, ": "); cut {
		head = h // "Reachable from outside:" ending its line
	} else {
		return reachSaid{}, false
	}
	rs, ok := readReach(plainWords(head))
	if _, tail := readReach(plainWords(text[len(head):])); !ok || tail {
		return reachSaid{}, false
	}
	return rs, true
}

// reachNames say in Missing what a listener was wrongly said to be.
var reachNames = map[reach]string{reachWide: "not reachable from the network", reachEvery: "not on all interfaces", reachLocal: "not loopback only"}

// clauseListeners returns the ports, processes and PIDs of a clause:
// all of them are excepted in "nothing but socat and port 2024".
func clauseListeners(claims []claim, cl reachClause) []claim {
	var out []claim
	for _, c := range claims {
		if c.off >= cl.start && c.off < cl.end && !c.advice && (c.kind == kindPort || c.class == classProcess || c.class == classPID) {
			out = append(out, c)
		}
	}
	return out
}

// clauseSubjects returns the ports of a clause, or else its processes
// and PIDs.
func clauseSubjects(claims []claim, cl reachClause) []claim {
	var ports, ents []claim
	for _, c := range claims {
		if c.off < cl.start || c.off >= cl.end || c.advice {
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
	return ents
}

// quantifier reads a clause said of every listener or of none: "nothing
// is bound to localhost", "no service is exposed", "all on 0.0.0.0",
// "every port is open to the network"; rest is set when it excepts some
// ("nothing except port 2024"), and q is "" for one said of some
// ("everything else", "the other seven": which ones, only the sentence
// before knows).
func quantifier(text string) (q string, except bool) {
	if i := strings.LastIndex(text, ": "); i >= 0 {
		text = text[i+2:] // "Nothing unusual: cupsd only listens on localhost"
	}
	ws := plainWords(text)
	if anyOf(ws, quantOthers) {
		return "", false
	}
	except = anyOf(ws, exceptWords) || containsSeq(ws, "other", "than") ||
		containsSeq(ws, "nothing", "but") || containsSeq(ws, "none", "but")
	for _, seg := range strings.Split(text, ", ") {
		sw := plainWords(seg)
		i := 0
		for i < len(sw) && leadWords[sw[i]] {
			i++
		}
		w, next := at(sw, i), at(sw, i+1)
		switch {
		case quantNone[w], w == "no" && listenerNoun[next] && quantVerbs[at(sw, i+2)]:
			return "none", except
		case w == "everything", (w == "all" || w == "every") && (listenerNoun[next] || next == "of" || next == "on" || next == "bound" || countOf(next) > 0):
			j := i + 1
			for j < len(sw) && !quantVerbs[sw[j]] {
				j++
			}
			if _, ok := readReach(sw[i+1 : j]); ok {
				return "", false // "all three localhost ports are …": which ones, not where
			}
			return "all", except
		}
	}
	return "", false
}

// clauseNumbers returns the bare numbers of a clause.
func clauseNumbers(claims []claim, cl reachClause) []string {
	var out []string
	for _, c := range claims {
		if c.off >= cl.start && c.off < cl.end && allDigits(c.text) {
			out = append(out, c.text)
		}
	}
	return out
}

// quantVerbs follow the noun of "no service is exposed": "no process
// shown" says a socket has no owner.
var quantVerbs = lexicon.NewSet(`is are was were listens listen listening binds bound has have can on in`)

// quantOthers say a quantified clause speaks of a part only.
var quantOthers = lexicon.NewSet(`else other others rest remaining`)

// containsSeq reports the words a b in a row.
func containsSeq(ws []string, a, b string) bool {
	for i := range ws {
		if ws[i] == a && at(ws, i+1) == b {
			return true
		}
	}
	return false
}

// addressReach reads the reach of an address a quantified clause puts
// every listener on: "all on 0.0.0.0", "all bound to 127.0.0.1".
func addressReach(text string) (reachSaid, bool) {
	t := strings.ToLower(text)
	wide := strings.Contains(t, "0.0.0.0") || strings.Contains(t, "[::]")
	local := strings.Contains(t, "127.0.0.1") || strings.Contains(t, "[::1]")
	switch {
	case wide && !local:
		return reachSaid{r: reachEvery}, true
	case local && !wide:
		return reachSaid{r: reachLocal}, true
	}
	return reachSaid{}, false
}

// checkQuantified checks a reach said of every listener or of none,
// but the excepted subjects, of the protocol the clause names.
func checkQuantified(ix *index, g *Grounding, rs reachSaid, q string, except bool, text string, subjects []claim, nums []string) {
	if len(subjects) > 0 && !except {
		return // "all of sshd's sockets": said of some, not of every listener
	}
	ws := plainWords(text)
	proto := ""
	if tcp, udp := slices.Contains(ws, "tcp"), slices.Contains(ws, "udp"); tcp != udp {
		proto = "udp"
		if tcp {
			proto = "tcp"
		}
	}
	for _, c := range subjects {
		// The excepted have the reach that nothing else has, or lack the
		// one everything else has.
		socks := ix.entitySockets(c)
		if c.kind == kindPort {
			socks = ix.portReach(c)
		}
		if len(socks) > 0 && rs.holds(socks) != (q == "none") {
			g.Missing = append(g.Missing, c.text+" (excepted: "+strings.TrimSpace(text)+")")
		}
	}
	skip, skipRec := map[string]bool{}, map[int32]bool{}
	for _, n := range nums {
		skip[n] = true // "besides SSH (22)": a bracketed number read as a PID may be the port excepted
	}
	for _, c := range subjects {
		if c.kind == kindPort {
			skip[c.key] = true
			continue
		}
		for _, id := range ix.anchorRecords(c) {
			skipRec[id] = true // "everything except cupsd"
		}
	}
	for id, r := range ix.recs {
		s, ok := socketOf(r)
		if !ok || skip[s.port] || skipRec[int32(id)] || proto != "" && s.proto != "" && s.proto != proto {
			continue
		}
		if rs.holds([]socketAt{s}) != (q == "all") {
			g.Missing = append(g.Missing, strings.TrimSpace(text)+" ("+s.addr+":"+s.port+")")
			return
		}
	}
}

package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Reaches said of every listener or of none ("nothing is bound to
// localhost", "all on 0.0.0.0", "nothing except port 2024 is reachable"):
// see exposure.go.

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

// quantifier reads a clause said of every listener or of none: "nothing
// is bound to localhost", "no service is exposed", "all on 0.0.0.0",
// "every port is open to the network"; rest is set when it excepts some
// ("nothing except port 2024"), and q is "" for one said of some
// ("everything else", "the other seven": which ones, only the sentence
// before knows).
func quantifier(cw reachWords, cl reachClause) (q string, except bool) {
	from := cl.start
	if i := strings.LastIndex(cw.answer[from:cl.end], ": "); i >= 0 {
		from += i + 2 // "Nothing unusual: cupsd only listens on localhost"
	}
	ws := cw.words(from, cl.end)
	if partOnly(ws) {
		return "", false
	}
	except = anyOf(ws, exceptWords) || containsSeq(ws, "other", "than") ||
		containsSeq(ws, "nothing", "but") || containsSeq(ws, "none", "but")
	tail := cl
	tail.start = from
	for _, seg := range commaSegments(cw.answer, tail) { // a ", " in brackets parts no segment
		sw := cw.words(seg[0], seg[1])
		i := 0
		for i < len(sw) && leadWords[sw[i]] {
			i++
		}
		w, next := at(sw, i), at(sw, i+1)
		switch {
		case quantNone[w], w == "no" && listenerNoun[next] && quantVerbs[at(sw, i+2)]:
			return "none", except
		case barePlural(sw, i): // pluralreach.go
			return "all", except
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

// partOnly reports a word of quantOthers in a clause; "other" before
// hosts ("reachable from other hosts") names who reaches, not which
// listeners.
func partOnly(ws []string) bool {
	for i, w := range ws {
		if quantOthers[w] && !(w == "other" && otherHosts[at(ws, i+1)]) {
			return true
		}
	}
	return false
}

// quantHeads cuts a clause at ": " where the words before it say a reach
// of every listener or of none on their own ("Nothing is exposed to the
// network: every listener is on localhost"): each side is judged apart.
func quantHeads(answer string, clauses []reachClause) []reachClause {
	var out []reachClause
	for _, cl := range clauses {
		i := strings.Index(answer[cl.start:cl.end], ": ")
		if i < 0 {
			out = append(out, cl)
			continue
		}
		head := cl
		head.end = cl.start + i
		cw := newReachWords(answer, cl)
		_, said := readReach(cw.words(head.start, head.end))
		if q, _ := quantifier(cw, head); q == "" || !said {
			out = append(out, cl)
			continue
		}
		out = append(out, head, reachClause{start: head.end + 2, end: cl.end, cond: cl.cond, sep: ": "})
	}
	return out
}

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
	return reachOf(wide, local) // sockets.go
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
	read := false
	for id, r := range ix.recs {
		s, ok := socketOf(r)
		if !ok || skip[s.port] || skipRec[int32(id)] || proto != "" && s.proto != "" && s.proto != proto {
			continue
		}
		if rs.holds([]socketAt{s}) != (q == "all") {
			g.Missing = append(g.Missing, strings.TrimSpace(text)+" ("+s.addr+":"+s.port+")")
			return
		}
		read = true
	}
	if read {
		// Checked against every socket, it grounds an answer that makes
		// no other claim ("Nothing is exposed to the network.").
		g.Found = append(g.Found, strings.TrimSpace(text))
	}
}

package supervisor

import "strings"

// "Only port 2024 is reachable from the network", "Only 8088 is limited
// to localhost", "The only exposed listener is TCP 2024": a reach said
// of the listeners after "only" (or of "the only" one) denies it of every
// other socket. Not where the clause excepts some ("the only one open
// apart from 2024"): which others, the sentence does not say.

// exclusiveClause reports a clause whose reach belongs to its subjects
// only: "only" right before its first subject (a port word or protocol
// between), or "the only".
func exclusiveClause(cw reachWords, cl reachClause, subjects []claim) bool {
	ws := cw.ws
	if len(subjects) == 0 || anyOf(ws, exceptWords) || containsSeq(ws, "other", "than") || anyOf(ws, quantOthers) {
		return false
	}
	if containsSeq(ws, "the", "only") {
		return true
	}
	first := subjects[0].off
	for _, c := range subjects {
		first = min(first, c.off)
	}
	before := cw.words(cl.start, first)
	k := len(before) - 1
	for k >= 0 && (before[k] == "port" || before[k] == "ports" || before[k] == "tcp" || before[k] == "udp" || before[k] == "pid") {
		k--
	}
	return at(before, k) == "only" && k == len(leadingLeads(before))
}

// leadingLeads returns the lead words ("and", "so", …) a clause opens with.
func leadingLeads(ws []string) []string {
	i := 0
	for i < len(ws) && leadWords[ws[i]] {
		i++
	}
	return ws[:i]
}

// checkOthers reports a socket other than the subjects' that has the
// reach said of them only.
func checkOthers(ix *index, g *Grounding, rs reachSaid, subjects []claim, text string) {
	skip, skipRec := map[string]bool{}, map[int32]bool{}
	for _, c := range subjects {
		if c.kind == kindPort {
			skip[c.key] = true
			continue
		}
		for _, id := range ix.anchorRecords(c) {
			skipRec[id] = true
		}
	}
	for id, r := range ix.recs {
		s, ok := socketOf(r)
		if !ok || skip[s.port] || skipRec[int32(id)] {
			continue
		}
		if rs.holds([]socketAt{s}) {
			g.Missing = append(g.Missing, strings.TrimSpace(text)+" (also "+s.addr+":"+s.port+")")
			return
		}
	}
}

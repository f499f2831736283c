package supervisor

import "strings"

// "socat (PID 19554) on 0.0.0.0:31337 and an unnamed listener on
// 0.0.0.0:2024": an item opened by a listener said to have no name is
// no earlier name's; its socket is tied to no entity, and must show no
// owner in ss.

// unnamedOpeners open such an item, after "and" or a comma.
var unnamedOpeners = []string{"an unnamed ", "an unknown ", "an unowned ", "an anonymous ", "a nameless ",
	"an ownerless ", "a listener with no ", "a socket with no ", "something "}

// unnamedItem reports a socket claim after a name a whose item an
// unnamed listener opens between them.
func unnamedItem(answer string, c claim, a *claim) bool {
	if a == nil || a.off >= c.off || !socketPart(c) {
		return false
	}
	between := strings.ToLower(answer[min(a.off+len(a.text), c.off):c.off])
	i := max(strings.LastIndex(between, " and "), strings.LastIndex(between, ", "))
	if i < 0 {
		return false
	}
	rest := strings.TrimLeft(between[i:], " ,")
	rest = strings.TrimPrefix(rest, "and ")
	for _, o := range unnamedOpeners {
		if strings.HasPrefix(rest, o) {
			return true
		}
	}
	return false
}

// checkUnnamed reports sockets said to be unnamed that ss shows with an
// owner: "an unnamed listener on 0.0.0.0:31337" where socat holds it.
func checkUnnamed(ix *index, g *Grounding, answer string, claims []claim, anchors map[int][]claim) {
	for _, c := range claims {
		if c.advice || !unnamedItem(answer, c, nearestAnchor(c, anchors[c.sent])) {
			continue
		}
		addr, port, ok := hostPort(c.key)
		if !ok {
			continue
		}
		sock := socketAddr(addr) + ":" + itoa(port)
		for _, r := range ix.recs {
			if r.probe == "listening_ports" && containsBounded(r.text, sock, false) && strings.Contains(r.text, "pid") {
				g.Missing = append(g.Missing, c.text+" (has an owner)")
				break
			}
		}
	}
}

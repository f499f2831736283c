package supervisor

import (
	"regexp"
	"strings"
)

// "Port 6443 is the Kubernetes API server (kube-apiserver)", "the …
// service (kube-proxy) listens on port 31337", "port 3306
// belongs to mysqld": the sentence says which program owns the port's
// socket. A program it names there (a name the answer claims, or a
// program name in brackets after the description: "(kube-apiserver)")
// must be the process of a socket on that port.

var (
	// portIsRe reads "is (the) <up to four words> server (prog)" after a
	// port.
	portIsRe = regexp.MustCompile(`^\s+(?:is|=)\s+(?:the\s+|an?\s+)?((?:[A-Za-z][\w.+-]*\s+){0,4}?)(?:server|service|daemon|process|listener)\b(?:\s*\(\s*([a-z][\w.+]*-[\w.+-]*[a-z0-9])\s*\))?`)
	// servedBeforeRe reads "… server (prog) on (port)" before a port.
	servedBeforeRe = regexp.MustCompile(`(?i)(?:server|service|daemon|process|listener)\s*\(\s*([a-z][\w.+]*-[\w.+-]*[a-z0-9])\s*\)\s+(?:is\s+)?(?:listening\s+|listens\s+|running\s+|bound\s+|serving\s+)?(?:on|at)\s+(?:(?:tcp|udp)\s+)?(?:port\s+)?$`)
	// portOwnerRe reads "belongs to (the) <name>" after a port.
	portOwnerRe = regexp.MustCompile(`^\s+(?:belongs\s+to|is\s+owned\s+by|is\s+held\s+by)\s+(?:the\s+)?([\w.+-]+)`)
)

// checkPortOwners reports a program said to own a port that no socket on
// the port has.
func checkPortOwners(ix *index, g *Grounding, answer string, claims []claim) {
	for _, c := range claims {
		if c.kind != kindPort || c.advice {
			continue
		}
		end := min(c.off+len(c.text), len(answer))
		if b := servedBeforeRe.FindStringSubmatch(answer[max(0, c.off-maxServedBefore):c.off]); b != nil {
			ix.portOwner(g, c, b[1])
		}
		m := portIsRe.FindStringSubmatchIndex(answer[end:])
		if m == nil {
			m = portOwnerRe.FindStringSubmatchIndex(answer[end:])
		}
		if m == nil {
			continue
		}
		sockets := ix.portSockets(c.port)
		if len(sockets) == 0 {
			continue
		}
		owns := func(name claim) bool {
			for _, id := range ix.anchorRecords(name) {
				if sockets[id] {
					return true
				}
			}
			return false
		}
		// Names the answer claims inside the description: "the MySQL server".
		for _, n := range claims {
			if n.class == classProcess && !n.positional && !n.soft && n.off >= end+m[2] && n.off < end+m[3] && !owns(n) {
				g.Missing = append(g.Missing, n.text+" (not on port "+itoa(c.port)+")")
			}
		}
		if len(m) < 6 || m[4] < 0 {
			continue // no program in brackets
		}
		ix.portOwner(g, c, answer[end+m[4]:end+m[5]])
	}
}

// maxServedBefore bounds the text before a port read for "… server
// (prog) on".
const maxServedBefore = 120

// portOwner reports whether prog, named as the owner of port c, owns a
// socket on it.
func (ix *index) portOwner(g *Grounding, c claim, prog string) {
	sockets := ix.portSockets(c.port)
	for _, id := range ix.anchorRecords(claim{kind: kindName, class: classProcess, key: strings.ToLower(prog), text: prog}) {
		if sockets[id] {
			g.Found = append(g.Found, prog)
			return
		}
	}
	if len(sockets) > 0 {
		g.Missing = append(g.Missing, prog+" (not on port "+itoa(c.port)+")")
	}
}

package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Claims about the listening sockets as a whole:
//
//   - "A and B listen on all interfaces", "port 80 listens on all
//     interfaces": each process, and each port before those words in
//     their comma segment, must have a listening socket on 0.0.0.0, [::]
//     or *.

// allIfaces are the words of "listen on all interfaces".
var allIfaces = lexicon.NewSet(`all every any`)

// saysAllIfaces reads "on all interfaces", "on every interface", "on any
// address" in a sentence about listening.
func saysAllIfaces(ws []string) bool {
	return anyOf(ws, listenWords) && allIfacesIn(ws)
}

// allIfacesIn reads "all interfaces", "every interface", "any address".
func allIfacesIn(ws []string) bool {
	for i, w := range ws {
		if allIfaces[w] && (strings.HasPrefix(at(ws, i+1), "interface") || strings.HasPrefix(at(ws, i+1), "address")) {
			return true
		}
	}
	return false
}

// wildcardListener reports whether the evidence has an entity listening
// on every address; ok is false when no socket table was probed.
func (ix *index) wildcardListener(e claim) (yes, ok bool) {
	for _, r := range ix.recs {
		if r.probe == "listening_ports" {
			ok = true
			break
		}
	}
	for _, id := range ix.anchorRecords(e) {
		r := ix.recs[id]
		if r.probe != "listening_ports" {
			continue
		}
		if a := localAddress(r.text); a == "0.0.0.0" || a == "[::]" || a == "*" {
			return true, ok
		}
	}
	return false, ok
}

// localAddress returns the address of the first "address:port" field of
// an ss row that is not a peer wildcard ("0.0.0.0:*").
func localAddress(row string) string {
	for _, f := range strings.Fields(row) {
		i := strings.LastIndexByte(f, ':')
		if i <= 0 || strings.HasSuffix(f, ":*") || !allDigits(f[i+1:]) {
			continue
		}
		return f[:i]
	}
	return ""
}

// wildcardPort reports whether a port has a listening socket on every
// address; ok is false when no socket has the port.
func (ix *index) wildcardPort(c claim) (yes, ok bool) {
	for _, id := range ix.tokens[c.key] {
		r := ix.recs[id]
		if r.probe != "listening_ports" || !r.supports(c) {
			continue
		}
		ok = true
		if a := localAddress(r.text); a == "0.0.0.0" || a == "[::]" || a == "*" {
			return true, true
		}
	}
	return false, ok
}

// portOnAllIfaces reports a port that the rest of its comma segment says
// listens on all interfaces ("the HTTP server on port 4242 listens on all
// interfaces"), not one after them ("2024 on all interfaces and 37551 on
// localhost").
func portOnAllIfaces(answer string, c claim) bool {
	rest := answer[min(c.off+len(c.text), len(answer)):]
	if i := strings.IndexAny(rest, ",;\n"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.Index(rest, ". "); i >= 0 {
		rest = rest[:i]
	}
	return allIfacesIn(plainWords(rest))
}

// checkAllIfaces reports processes, and ports, said to listen on all
// interfaces that do not.
func checkAllIfaces(ix *index, g *Grounding, answer string, claims []claim, anchors map[int][]claim, facts []sentenceFacts) {
	for _, c := range claims {
		if c.kind == kindPort && !c.advice && c.facts.allIfaces && portOnAllIfaces(answer, c) {
			if yes, ok := ix.wildcardPort(c); ok && !yes {
				g.Missing = append(g.Missing, c.text+" (not on all interfaces)")
			}
		}
	}
	for k, f := range facts {
		if !f.allIfaces {
			continue
		}
		clause := -1
		for _, a := range anchors[k] {
			if a.class != classProcess {
				continue
			}
			if clause < 0 {
				clause = a.clause
			}
			if a.clause != clause {
				break // "… on all interfaces, whereas cupsd listens locally"
			}
			if yes, ok := ix.wildcardListener(a); ok && !yes {
				g.Missing = append(g.Missing, a.text+" (not on all interfaces)")
			}
		}
	}
}

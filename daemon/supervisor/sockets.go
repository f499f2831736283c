package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A socket table's row ("| 6443 | [::] | socat (PID 24497) |") gives one
// socket: its port and its address are checked together (checkPortAddrs),
// as ss prints them: "0.0.0.0:9000", "[::1]:6443", "[::]:8443". "[::]"
// alone in a cell is an address (the wildcard), not punctuation.

// socketAddr returns an address as ss writes it before a port: IPv4 as
// is, the IPv6 wildcard and loopback in brackets; "" for any other
// address, whose port a sentence rarely binds.
func socketAddr(key string) string {
	switch {
	case lexicon.IsIPv4(key):
		return key
	case key == "[::]" || key == "[::1]":
		return key
	case key == "::1":
		return "[::1]"
	case strings.HasPrefix(key, "[") && strings.HasSuffix(key, "]") && isIPv6(key[1:len(key)-1]):
		return key
	}
	return ""
}

// A socket table's row may say how far its socket reaches ("| 6443 |
// [::1] | socat | all IPv6, public |"): words of every address ("all
// IPv4", "all interfaces", "public") need a socket of the row's port on
// a wildcard address, and words of the loopback ("loopback", "localhost
// only") one on 127.0.0.1 or [::1]. Only a row with one port is read.

// checkRowExposure reports rows whose reach their port's sockets lack.
func checkRowExposure(ix *index, g *Grounding, answer string, claims []claim) {
	ports := map[int][]claim{}
	for _, c := range claims {
		if c.kind == kindPort && !c.advice && tableRow(answer, c.off) {
			ports[c.sent] = append(ports[c.sent], c)
		}
	}
	for _, cs := range ports {
		if len(cs) != 1 {
			continue
		}
		c := cs[0]
		start := strings.LastIndexByte(answer[:c.off], '\n') + 1
		end := len(answer)
		if i := strings.IndexByte(answer[c.off:], '\n'); i >= 0 {
			end = c.off + i
		}
		wide, local := rowReach(plainWords(answer[start:end]))
		if !wide && !local {
			continue
		}
		yes, ok := ix.wildcardPort(c)
		switch {
		case !ok:
		case wide && !yes:
			g.Missing = append(g.Missing, c.text+" (not on all addresses)")
		case local && !ix.loopbackPort(c):
			g.Missing = append(g.Missing, c.text+" (not on the loopback)")
		}
	}
}

// rowReach reads a row's words for a socket on every address or on the
// loopback only.
func rowReach(ws []string) (wide, local bool) {
	for i, w := range ws {
		switch {
		case w == "all" && (at(ws, i+1) == "ipv4" || at(ws, i+1) == "ipv6" || strings.HasPrefix(at(ws, i+1), "interface") || strings.HasPrefix(at(ws, i+1), "address")),
			w == "public", w == "wildcard":
			wide = true
		case w == "loopback", w == "localhost" && at(ws, i+1) == "only", w == "local" && at(ws, i+1) == "only":
			local = true
		}
	}
	return wide && !local, local && !wide
}

// loopbackPort reports whether a socket of port c listens on the
// loopback.
func (ix *index) loopbackPort(c claim) bool {
	for _, id := range ix.tokens[c.key] {
		r := ix.recs[id]
		if r.probe != "listening_ports" || !r.supports(c) {
			continue
		}
		if a := localAddress(r.text); strings.HasPrefix(a, "127.") || a == "[::1]" {
			return true
		}
	}
	return false
}

// listensOnWildcard6 reports a record with a socket on [::]: ss's
// "[::]:8443" or the typed "local_address ::", not the peer column's
// "[::]:*" that every IPv6 socket has.
func listensOnWildcard6(text string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], "[::]:")
		if i < 0 {
			break
		}
		off += i + len("[::]:")
		if off < len(text) && isDigit(text[off]) {
			return true
		}
	}
	return strings.Contains(text, "local_address :: ")
}

// checkSockets holds the rules that read a listener's row of ss as one
// record: its address and port, who owns it, whether it is the only one,
// and which service it is. They run in this order because the later ones
// skip what the earlier ones already judged.
func checkSockets(ix *index, g *Grounding, answer string, claims []claim) {
	checkPortAddrs(ix, g, claims)
	checkRowExposure(ix, g, answer, claims)
	checkPortOwners(ix, g, answer, claims)
	checkOnlyListeners(ix, g, answer, claims)
	checkServices(ix, g, answer, claims)
	checkPIDPorts(ix, g, answer, claims)     // pidports.go
	checkPIDFamilies(ix, g, answer, claims)  // pidfamily.go
	checkHeadingLists(ix, g, answer, claims) // headcounts.go
	checkDeniedPlaces(ix, g, answer, claims) // deniedplaces.go
}

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

// A socket table's row may say how far its socket reaches in words
// prose does not use so ("| 6443 | [::1] | socat | all IPv6, public |"):
// words of every address ("all IPv4", "all interfaces", "public",
// "wildcard") need a socket of the row's port on a wildcard address, and
// words of the loopback ("loopback", "localhost only") every one on
// 127.0.0.1 or [::1]. checkExposure reads a row by them when readReach
// finds no reach in it.

// rowReach reads a row's words for a socket on every address or on the
// loopback only.
func rowReach(ws []string) (reachSaid, bool) {
	var wide, local bool
	for i, w := range ws {
		switch {
		case w == "all" && (at(ws, i+1) == "ipv4" || at(ws, i+1) == "ipv6" || strings.HasPrefix(at(ws, i+1), "interface") || strings.HasPrefix(at(ws, i+1), "address")),
			w == "public", w == "wildcard":
			wide = true
		case w == "loopback", w == "localhost" && at(ws, i+1) == "only", w == "local" && at(ws, i+1) == "only":
			local = true
		}
	}
	return reachOf(wide, local)
}

// reachOf is every address for wide words alone, the loopback for local
// ones alone; words of both say no one reach.
func reachOf(wide, local bool) (reachSaid, bool) {
	switch {
	case wide && !local:
		return reachSaid{r: reachEvery}, true
	case local && !wide:
		return reachSaid{r: reachLocal}, true
	}
	return reachSaid{}, false
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
// and which service it is. Each judges its claims on its own: none reads
// g.Missing, so a claim two of them reject is reported twice.
func checkSockets(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	claims = ix.withoutPeerPorts(answer, claims) // a connection's far end is no listener: peerends.go
	checkPortAddrs(ix, g, answer, claims)
	checkPortOwners(ix, g, answer, claims)
	checkOnlyListeners(ix, g, answer, claims, facts)
	checkServices(ix, g, answer, claims, facts)
	checkPIDPorts(ix, g, answer, claims)            // pidports.go
	checkPIDFamilies(ix, g, answer, claims)         // pidfamily.go
	checkHeadingLists(ix, g, answer, claims, facts) // headcounts.go
	checkDeniedPlaces(ix, g, answer, claims)        // deniedplaces.go
}

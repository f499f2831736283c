package supervisor

import "strings"

// "It is reachable from the network (for example via 192.0.2.2)": after
// words of reaching a listener, "via" names the address clients connect
// to, the machine's own, not a route's gateway. Such an address must be
// one the machine has: a line other than a route's, or a route's "src".

// reachViaWindow bounds how far before "via" the reaching words stand.
const reachViaWindow = 80

// reachVerbs say clients reach a listener.
var reachVerbs = []string{"reachable", "accessible", "reach it", "connect to it", "connect", "exposed", "reached"}

// reachedVia reports an address after "via" whose sentence, just before
// it, speaks of reaching a listener and of no route.
func reachedVia(answer string, c claim) bool {
	head := asciiLower(answer[max(0, c.off-reachViaWindow):min(c.off, len(answer))])
	if i := strings.LastIndex(head, ". "); i >= 0 {
		head = head[i+2:]
	}
	ws := plainWords(head)
	if at(ws, len(ws)-1) != "via" {
		return false
	}
	for _, w := range ws[:len(ws)-1] {
		if routeWords[w] {
			return false // "reachable via the default route through 192.0.2.1"
		}
	}
	if routesPrefix(head) {
		return false // "10.30.0.0/16 is reached via 10.20.0.1": a route's gateway
	}
	for _, v := range reachVerbs {
		if strings.Contains(head, v) {
			return true
		}
	}
	return false
}

// machineAddress reports whether the machine has addr as its own.
func (ix *index) machineAddress(addr string) bool {
	for _, r := range ix.recs {
		if holdsAddress(r, addr) {
			return true
		}
	}
	return false
}

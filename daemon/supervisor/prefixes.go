package supervisor

import (
	"net/netip"
	"strings"
)

// A network prefix ("192.0.2.0/24", "fd00::/64": its host bits zero) is a
// route's destination or a subnet, never an address an interface holds,
// so it is not checked as the interface's own. Neither is any address in
// a list item under a heading about routing ("host19 routing:", "Routes:"),
// whose items are routes even where their own words say nothing of it.

// networkPrefix reports an address claim written as a whole network.
func networkPrefix(key string) bool {
	p, err := netip.ParsePrefix(key)
	return err == nil && p.Bits() < p.Addr().BitLen() && p.Masked() == p
}

// underRouteHeading reports whether offset off lies in a list item under
// a heading line, ending in a colon, that names routing.
func underRouteHeading(answer string, off int) bool {
	start := strings.LastIndexByte(answer[:off], '\n') + 1
	if !isListItem(strings.TrimSpace(answer[start:off])) {
		return false
	}
	for start > 0 {
		prev := strings.LastIndexByte(answer[:start-1], '\n') + 1
		line := strings.TrimSpace(answer[prev : start-1])
		if !isListItem(line) {
			return strings.HasSuffix(line, ":") && anyOf(plainWords(line), routeWords)
		}
		start = prev
	}
	return false
}

package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "203.0.113.0/24 goes through 192.0.2.254": a network prefix before
// "through" is a route's destination, so the address after it is that
// route's gateway, not an interface's own, even where no route noun is
// said.

// routesPrefix reports whether text holds a network prefix
// ("203.0.113.0/24", "fd00::/64").
func routesPrefix(text string) bool {
	for _, f := range strings.Fields(text) {
		f = strings.Trim(f, "*`,;:()")
		addr, bits, ok := strings.Cut(f, "/")
		if ok && bits != "" && allDigits(bits) && (lexicon.IsIPv4(addr) || isIPv6(addr)) {
			return true
		}
	}
	return false
}

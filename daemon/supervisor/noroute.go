package supervisor

import (
	"net/netip"
	"slices"
	"strings"
)

// "There's no route for 10.77.0.0/24": a destination the answer says ip
// route lacks is true when no route's destination is it (a prefix) or
// holds it (an address; "default" holds every address of its family), and
// missing when one does or when no route was probed: the evidence must show
// the table to show what it lacks.

// noRouteWords are the words right before a destination denied a route.
var noRouteWords = [][]string{
	{"no", "route", "for"}, {"no", "route", "to"}, {"no", "route", "towards"},
	{"no", "routes", "for"}, {"no", "routes", "to"}, {"no", "route"},
}

// routeDenied reports an address or prefix the words just before it deny
// a route to.
func routeDenied(answer string, c claim) bool {
	if _, ok := addrKey(c); !ok || c.advice {
		return false
	}
	ws := plainWords(answer[c.seg:min(c.off, len(answer))])
	for _, p := range noRouteWords {
		if len(ws) >= len(p) && slices.Equal(ws[len(ws)-len(p):], p) {
			return true
		}
	}
	return false
}

// noRoute reports whether ip route was probed and has no route to the
// claim's destination.
func (ix *index) noRoute(c claim) bool {
	probed, v6 := false, false
	for _, r := range ix.recs {
		if r.probe != "network_routes" {
			continue
		}
		probed = true
		f := strings.Fields(r.text)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			v6 = v6 || strings.Contains(r.text, "-6") // "# ip -6 route"
			continue
		}
		if routeCovers(f[0], c.key, v6) {
			return false
		}
	}
	return probed
}

// routeCovers reports whether a route's destination dst is key (a
// prefix) or holds it (an address; a default route only one of its
// family, v6 after the probe's "# ip -6 route" line).
func routeCovers(dst, key string, v6 bool) bool {
	if strings.Contains(key, "/") {
		return dst == key
	}
	a, err := netip.ParseAddr(key)
	if err != nil {
		return false
	}
	if dst == "default" {
		return a.Is6() == v6
	}
	if p, err := netip.ParsePrefix(dst); err == nil {
		return p.Contains(a)
	}
	d, err := netip.ParseAddr(dst)
	return err == nil && d == a
}

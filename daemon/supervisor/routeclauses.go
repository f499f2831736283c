package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "…, and 10.30.0.0/16 is reached via 10.20.0.1 over veth-db",
// "everything else uses the default route via 192.0.2.1 on eth0": in a
// route clause the interface after "on", "over" or "dev" is the route's
// device, so a destination prefix or a gateway before it is tied to that
// interface (its ip route row), not to an interface named earlier in the
// sentence.

// routeDevWords stand right before a route's device.
var routeDevWords = lexicon.NewSet(`on over dev via through thru out`)

// routeDevGap bounds how many words may stand between a route's prefix
// or gateway and its device ("10.30.0.0/16 is reached via 10.20.0.1
// over veth-db").
const routeDevGap = 8

// routeAnchor returns the entity c is tied to: the device of c's route
// clause when c is a destination prefix or a gateway, else its nearest
// anchor.
func routeAnchor(answer string, c claim, as []claim) *claim {
	if d := routeDevice(answer, c, as); d != nil {
		return d
	}
	return nearestAnchor(c, as)
}

// routeDevice returns the interface after "on", "over" or "dev" in c's
// segment when c is a network prefix or a gateway, with no other entity
// between them; or nil.
func routeDevice(answer string, c claim, as []claim) *claim {
	if _, ok := addrKey(c); !ok || !networkPrefix(c.key) && !gatewayShaped(answer, c) && !arrowGateway(answer, c) {
		return nil
	}
	for i := range as {
		a := &as[i]
		if a.off <= c.off {
			continue
		}
		if a.seg != c.seg || a.class != classIface || a.wi-c.wi > routeDevGap {
			return nil
		}
		ws := plainWords(answer[c.off+len(c.text) : a.off])
		if len(ws) == 0 || !routeDevWords[ws[len(ws)-1]] {
			return nil
		}
		return a
	}
	return nil
}

// "203.0.113.0/24 is reached via 192.0.2.1", "the default route goes via
// 192.0.2.254": a gateway said of a destination (a prefix or the default
// route) right before it must be that destination's next hop, on one ip
// route row, not the gateway of another route.

// routeLinks may stand between a route's destination and its gateway;
// a noun for the destination itself ("the 10.20.0.0/16 network is
// routed via …") keeps it the clause's subject.
var routeLinks = lexicon.NewSet(`is are was reached reachable goes go going routed routes route sent
	via through thru uses use using the gateway gw next hop nexthop router by to traffic for ipv4 ipv6
	network networks subnet subnets net range block`)

// routeDest returns the destination of the route clause a gateway ends:
// the network prefix, or "default", that opens the words before it in
// its segment, joined to it only by routeLinks; or "".
func routeDest(answer string, c claim, claims []claim) string {
	from, dest := c.seg, ""
	for _, p := range claims {
		if p.off >= c.off {
			break
		}
		if p.off >= c.seg && networkPrefix(p.key) {
			from, dest = p.off+len(p.text), p.key
		}
	}
	ws := plainWords(answer[from:c.off])
	if dest == "" {
		i := slices.Index(ws, "default")
		if i < 0 {
			return ""
		}
		ws, dest = ws[i+1:], "default"
	}
	for _, w := range ws {
		if !routeLinks[w] {
			return ""
		}
	}
	return dest
}

// routeRow reports whether ip route has a row for dest via gw, or prints
// no "via" gateway at all (another format, which this does not read).
func (ix *index) routeRow(dest, gw string) bool {
	seen := false
	for _, r := range ix.recs {
		if r.probe != "network_routes" {
			continue
		}
		for _, line := range strings.Split(r.text, "\n") {
			if !strings.Contains(line, " via ") {
				continue
			}
			seen = true
			if strings.HasPrefix(line, dest+" ") && containsBounded(line, "via "+gw, false) {
				return true
			}
		}
	}
	return !seen
}

// routeArrows stand between a route's destination and its gateway in a
// table an answer writes: "10.30.0.0/16 → 10.20.0.1 (veth-db)".
var routeArrows = []string{"→", "->", "=>", "⇒"}

// arrowGateway reports an address right after an arrow that follows a
// network prefix or "default": a route's gateway.
func arrowGateway(answer string, c claim) bool {
	head := strings.TrimRight(answer[max(0, c.off-routeArrowWindow):c.off], " \t*`")
	for _, a := range routeArrows {
		if rest, ok := strings.CutSuffix(head, a); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return false
			}
			last := strings.ToLower(strings.Trim(f[len(f)-1], "*`:"))
			return last == "default" || networkPrefix(last)
		}
	}
	return false
}

// routeArrowWindow bounds the text before an address read for a
// destination and an arrow.
const routeArrowWindow = 64

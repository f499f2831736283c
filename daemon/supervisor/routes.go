package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Addresses whose words say what they are to the machine:
//
//   - a gateway ("the default route goes via 192.0.2.1", "the default
//     gateway is 192.0.2.1", "192.0.2.1 is the gateway") must be a
//     route's gateway in ip route's output ("via 192.0.2.1", typed
//     "gateway 192.0.2.1"); it is missing when no route was probed; so
//     is one listed right after a gateway ("via 192.0.2.1 (IPv4) and
//     fd00::1 (IPv6)");
//   - an address tied to an interface in a segment that speaks of no
//     route ("eth0 has the address 192.0.2.2", "eth0: 192.0.2.2/24") is
//     the interface's own: ip addr's, a route's "src", or another
//     probe's line, never a route's gateway or destination only.

// routeWords say a segment is about routing, not an interface's own
// address.
var routeWords = lexicon.NewSet(`route routes routed routing gateway gateways gw via router hop nexthop
	dst destination peer neighbor neighbour dns nameserver resolver`)

// gatewayBefore are the words right before a gateway's address; skipped
// are the ones that may stand between ("the gateway is at 192.0.2.1").
var (
	gatewayBefore = lexicon.NewSet(`via gateway gateways gw router routers nexthop`)
	gatewaySkip   = lexicon.NewSet(`is was are were at be the its default ipv4 ipv6`)
	gatewayAfter  = lexicon.NewSet(`gateway router`)
	gatewayDet    = lexicon.NewSet(`is as acts serves the your its this our a default ipv4 ipv6`)
	routeNouns    = lexicon.NewSet(`route routes routed`)
)

// addrKey returns an address claim's address without its prefix length
// ("192.0.2.2" of "192.0.2.2/24") and whether it is an address at all.
func addrKey(c claim) (string, bool) {
	if c.kind != kindName || !c.textual || c.class != classNone {
		return "", false
	}
	addr, prefix, cut := strings.Cut(c.key, "/")
	if cut && !allDigits(prefix) {
		return "", false
	}
	return addr, lexicon.IsIPv4(addr) || isIPv6(addr)
}

// gatewayShaped reports an address its words call a gateway: after "via"
// or "gateway" ("the default gateway is 192.0.2.1"), after "default
// route" or, in a segment about a route, "through"; or before "is the
// gateway".
func gatewayShaped(answer string, c claim) bool {
	from := c.seg
	if strings.TrimSpace(answer[from:min(c.off, len(answer))]) == "" && from > 0 && answer[from-1] == ':' {
		// "Default gateway: 192.0.2.1": the label before the colon.
		lo := max(0, from-1-labelWindow)
		from = lo + strings.LastIndexAny(answer[lo:from-1], ",;:\n") + 1
	}
	before := plainWords(answer[from:min(c.off, len(answer))])
	i := len(before) - 1
	for i >= 0 && gatewaySkip[before[i]] {
		i--
	}
	if i >= 0 && (gatewayBefore[before[i]] || before[i] == "route" && at(before, i-1) == "default" ||
		(before[i] == "through" || before[i] == "thru") && (anyOf(before, routeNouns) || routesPrefix(answer[from:c.off]))) {
		return true
	}
	rest := answer[min(c.off+len(c.text), len(answer)):]
	if k := strings.IndexAny(rest, ",;\n"); k >= 0 {
		rest = rest[:k]
	}
	for _, w := range plainWords(rest) {
		if gatewayAfter[w] {
			return true
		}
		if !gatewayDet[w] {
			return false
		}
	}
	return false
}

// labelWindow bounds the label before a colon that may call the address
// after it a gateway.
const labelWindow = 40

// routeGateway reports whether ip route names addr as a gateway.
func (ix *index) routeGateway(addr string) bool {
	for _, r := range ix.recs {
		if r.probe == "network_routes" && (containsBounded(r.text, "via "+addr, false) || containsBounded(r.text, "gateway "+addr, false)) {
			return true
		}
	}
	return false
}

// ownAddress reports whether an interface's records give addr as its
// own: any line but a route's, or a route's "src".
func (ix *index) ownAddress(addr string, recs []int32) bool {
	for _, id := range recs {
		if holdsAddress(ix.recs[id], addr) {
			return true
		}
	}
	return false
}

// holdsAddress reports a record that shows addr as the machine's own: a
// route's "src", or the address anywhere in another probe's record.
func holdsAddress(r record, addr string) bool {
	if r.probe == "network_routes" {
		return containsBounded(r.text, "src "+addr, false)
	}
	return containsBounded(r.text, addr, false)
}

// checkAddresses reports gateways that are no route's and addresses said
// to be an interface's that only its routes have.
func checkAddresses(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts, anchors map[int][]claim, records map[int][]int32) {
	checkOnlyAddresses(ix, g, answer, claims, facts) // onlyaddrs.go
	var gw *claim                                    // the last gateway, which a list may go on from
	for i, c := range claims {
		addr, ok := addrKey(c)
		if !ok || c.advice {
			continue
		}
		if reachedVia(answer, c) {
			if !ix.machineAddress(addr) {
				g.Missing = append(g.Missing, c.text+" (not the machine's own)")
			}
			continue
		}
		if gatewayShaped(answer, c) || arrowGateway(answer, c) || gw != nil && gw.sent == c.sent && listedAfter(answer, *gw, c) {
			gw = &claims[i]
			if !strings.Contains(c.key, "/") && !ix.routeGateway(addr) {
				g.Missing = append(g.Missing, c.text+" (no route's gateway)")
			} else if d := routeDest(answer, c, claims); d != "" && !ix.routeRow(d, addr) {
				g.Missing = append(g.Missing, c.text+" (not "+d+"'s gateway)") // routeclauses.go
			}
			continue
		}
		a := nearestAnchor(c, anchors[c.sent])
		if a == nil || a.class != classIface || anyOf(plainWords(segmentText(answer, c)), routeWords) ||
			networkPrefix(c.key) || underRouteHeading(answer, c.off) {
			continue
		}
		if recs := records[a.off]; ix.inRecords(c, recs) && !ix.ownAddress(addr, recs) {
			g.Missing = append(g.Missing, c.text+" (not "+a.text+"'s own)")
		}
	}
}

// listedAfter reports an address that goes on a list right after
// another, past that one's brackets and device: "via 192.0.2.1 (IPv4)
// and fd00::1 (IPv6)", "192.168.1.1 on enp3s0 and fe80::1".
func listedAfter(answer string, prev, c claim) bool {
	between := answer[min(prev.off+len(prev.text), c.off):c.off]
	for {
		i := strings.IndexByte(between, '(')
		j := strings.IndexByte(between, ')')
		if i < 0 || j < i {
			break
		}
		between = between[:i] + " " + between[j+1:]
	}
	ws := plainWords(between)
	joined := strings.Contains(between, ",")
	for i, w := range ws {
		switch {
		case w == "and" || w == "or":
			joined = true
		case (w == "on" || w == "dev") && i+1 < len(ws), w == "ipv4" || w == "ipv6":
		case i > 0 && (ws[i-1] == "on" || ws[i-1] == "dev") && strings.ContainsAny(w, "0123456789"):
			// "192.168.1.1 on enp3s0 and fe80::1": the first one's device
		default:
			return false
		}
	}
	return joined
}

package supervisor

import "net/netip"

// socketsCache holds what the socket rules read of the whole evidence,
// once per index: several rules ask for a port's sockets per claim, and
// addSocketPeers asks per cause sentence, which rebuilt the set per
// listener, record and port value (15-25 ms on host63).
type socketsCache struct {
	// byPort holds the ss records of the sockets on each port.
	byPort map[int]map[int32]bool
	// ends holds each listening socket's own address and port.
	ends map[int32]listenEnd
	// far holds the endpoints each other line connects to.
	far map[int32][]farEnd
	// own are this machine's addresses (ip addr).
	own map[netip.Addr]bool
}

// maxPortSpan bounds the ports a range value of an ss row is taken for.
const maxPortSpan = 1024

func (ix *index) socketsOf() *socketsCache {
	if ix.sockets != nil {
		return ix.sockets
	}
	c := &socketsCache{byPort: map[int]map[int32]bool{}, ends: map[int32]listenEnd{}, far: map[int32][]farEnd{}, own: ix.ownAddrs()}
	for i, r := range ix.recs {
		id := int32(i)
		if r.probe != "listening_ports" {
			if ends := lineEnds(r.text); len(ends) > 0 {
				c.far[id] = ends
			}
			continue
		}
		if e, ok := readListenEnd(r.text); ok {
			c.ends[id] = e
		}
		for _, v := range r.values {
			if v.kind != kindPort {
				continue
			}
			// A port value is the interval [p-0.5, p+0.5].
			lo, hi := int(v.iv.lo+0.5), int(v.iv.hi-0.5)
			for p := lo; p <= hi && p-lo <= maxPortSpan; p++ {
				if c.byPort[p] == nil {
					c.byPort[p] = map[int32]bool{}
				}
				c.byPort[p][id] = true
			}
		}
	}
	ix.sockets = c
	return c
}

// portSockets returns the ss records of sockets on a port; the caller
// must not change the set.
func (ix *index) portSockets(port int) map[int32]bool {
	return ix.socketsOf().byPort[port]
}

package supervisor

import "net/netip"

// "127.0.0.53, which is in 127.0.0.0/8": a network prefix said of an
// address the evidence has holds by arithmetic, not by the evidence
// printing the prefix; it is found when an address of its sentence that
// the evidence has lies in it.

// addressFact judges an address whose words make it a fact of the
// machine rather than of the entity beside it: a prefix holding an
// address of its sentence, or the machine's own address a listener is
// reached via (reachvia.go; checkAddresses reports one it lacks). ok is
// false for any other claim; denied is set when it was judged as a
// destination denied a route.
func (ix *index) addressFact(answer string, c claim, claims []claim) (found, ok, denied bool) {
	if ix.prefixHolds(c, claims) {
		return true, true, false
	}
	if routeDenied(answer, c) {
		return ix.noRoute(c), true, true // noroute.go
	}
	if addr, isAddr := addrKey(c); isAddr && !c.advice && reachedVia(answer, c) {
		return ix.machineAddress(addr), true, false
	}
	return false, false, false
}

// prefixHolds reports a prefix claim holding an address of its sentence
// that the evidence has.
func (ix *index) prefixHolds(c claim, claims []claim) bool {
	if !networkPrefix(c.key) {
		return false
	}
	p, err := netip.ParsePrefix(c.key)
	if err != nil {
		return false
	}
	for _, o := range claims {
		a, ok := addrKey(o)
		if !ok || o.sent != c.sent || o.off == c.off || networkPrefix(o.key) {
			continue
		}
		if addr, err := netip.ParseAddr(a); err == nil && p.Contains(addr) && ix.has(o) {
			return true
		}
	}
	return false
}

// inAnchorPrefix reports an address of c's sentence that a network prefix
// of the same sentence holds, that prefix on a's records: "172.30.0.12 is
// on the br-ci network 172.30.0.0/24" places the address in br-ci's
// network (ip route's line), not on br-ci itself. An address outside
// the prefix, or a prefix that is not a's, is still held to a's records.
func (ix *index) inAnchorPrefix(c, a claim, claims []claim, records map[int][]int32) bool {
	return ix.heldByPrefix(c, claims, records[a.off])
}

// heldByPrefix reports a network prefix of c's sentence that holds
// address c and is on recs, or on any line when recs is nil: on cited
// lines that print only the prefix (ip route's), the address is placed
// there by arithmetic; whether the machine has it at all is the whole
// evidence's check (checkKnown asks this only of cited lines, where
// known, the whole evidence's entities, is given).
func (ix *index) heldByPrefix(c claim, claims []claim, recs []int32) bool {
	addr, ok := addrKey(c)
	if !ok || networkPrefix(c.key) {
		return false
	}
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return false
	}
	for _, o := range claims {
		if o.sent != c.sent || !networkPrefix(o.key) {
			continue
		}
		if p, err := netip.ParsePrefix(o.key); err == nil && p.Contains(ip) && (recs == nil && ix.has(o) || recs != nil && ix.inRecords(o, recs)) {
			return true
		}
	}
	return false
}

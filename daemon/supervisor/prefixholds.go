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

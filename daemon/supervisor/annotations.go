package supervisor

// The item a bracket annotates may run across an "and" between words
// that only qualify it: in "port 22 on IPv4 and IPv6 (processes named
// sshd, PIDs 22243 and 22245) and port 2024" the bracket is port 22's,
// and port 2024, the next item, is not sshd's. A segment holding a figure
// or an entity is an item of its own and ends the walk back.

// qualifiersOnly reports whether claims hold no figure, address, user or
// entity: words such as IPv4 and IPv6 that qualify the item around them.
func qualifiersOnly(claims []claim) bool {
	for _, p := range claims {
		if attributed(p) || p.class != classNone {
			return false
		}
	}
	return true
}

// bracketItem returns the entity that opens a bracket after port or
// address c when only qualifiers stand between them ("port 22 on IPv4 and
// IPv6 (processes named sshd, …)": sshd's port, though "and" cut the
// segment), or nil. The entity must come before any comma in the bracket,
// so "(open to the network, unlike cupsd)" names no owner.
func bracketItem(c claim, claims, anchors []claim) *claim {
	if !socketPart(c) || c.paren >= 0 {
		return nil
	}
	for _, p := range claims {
		if p.off <= c.off {
			continue
		}
		if p.sent != c.sent {
			return nil
		}
		if p.paren < 0 {
			if qualifiersOnly([]claim{p}) {
				continue
			}
			return nil
		}
		if p.class == classNone || p.seg > p.paren {
			return nil
		}
		for i := range anchors {
			if anchors[i].off == p.off {
				return &anchors[i]
			}
		}
		return nil
	}
	return nil
}

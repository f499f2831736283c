package supervisor

// segmentReach returns the reach c's own comma segment of the clause
// says, if any: in "Exposed sockets: TCP 3306 … on 0.0.0.0, TCP 9443 …
// on all IPv6 addresses" 3306 is said to be exposed, not to listen on
// every IPv6 address; each item is held to its own words.
func segmentReach(segs []segReach, c claim) (reachSaid, bool) {
	for _, s := range segs {
		if c.off >= s.from && c.off < s.to {
			return s.rs, s.ok
		}
	}
	return reachSaid{}, false
}

package supervisor

// segmentReach returns the reach c's own comma segment of the clause
// says, if any: in "Exposed sockets: TCP 3306 … on 0.0.0.0, TCP 9443 …
// on all IPv6 addresses" 3306 is said to be exposed, not to listen on
// every IPv6 address; each item is held to its own words.
func segmentReach(answer string, cl reachClause, c claim) (reachSaid, bool) {
	for _, sp := range commaSegments(answer, cl) {
		if c.off >= sp[0] && c.off < sp[1] {
			return readReach(plainWords(answer[sp[0]:sp[1]]))
		}
	}
	return reachSaid{}, false
}

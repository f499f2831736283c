package supervisor

// A port is an identifier, not a measurement: "port 23" is no rounding of
// 22. A port value is stored as [p-0.5, p+0.5] so that it sorts and
// searches with the figures, and a test for touching rounding ranges, which
// suits "1.2G" against 1288490188 bytes, would take either neighbour of a
// listener for it: "nothing listens on port 2048" denied by 2049's socket.
// A port claim is therefore matched as the point p, which only a value
// holding that very port contains.

// portAt is the query for port p: the point itself.
func portAt(p int) interval { return interval{float64(p), float64(p)} }

// holdsPort reports whether v is a port value holding port p.
func (v value) holdsPort(p int) bool {
	return v.kind == kindPort && v.iv.overlaps(portAt(p))
}

package supervisor

import "slices"

// Which names a PID or a path pairs with (see partner in attribution.go).

// nameBetween reports whether a process or unit name stands between
// claims a and b.
func nameBetween(anchors []claim, a, b claim) bool {
	for _, e := range anchors {
		if e.off > a.off && e.off < b.off && (e.class == classProcess || e.class == classUnit) {
			return true
		}
	}
	return false
}

// shareRecord reports whether name and pid are in one record: the name
// as written, or through its anchor records ("PostgreSQL (PID 2231)" is
// on postgres' row, the product's process).
func (ix *index) shareRecord(name, pid claim) bool {
	recs := ix.anchorRecords(pid)
	if ix.inRecords(name, recs) {
		return true
	}
	if name.class != classProcess {
		return false
	}
	for _, id := range ix.anchorRecords(name) {
		if slices.Contains(recs, id) {
			return true
		}
	}
	return false
}

// listed reports a path and a device that stand side by side in a comma
// list ("/dev, /dev/shm, /sys/fs/cgroup at 0%"): items of one list, not
// a pair.
func listed(c, a claim) bool {
	return c.class == classPath && a.seg != c.seg && abs(c.wi-a.wi) == 1
}

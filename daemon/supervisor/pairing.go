package supervisor

import (
	"slices"
	"strings"
)

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

// listed reports a path and a device that stand side by side in a list
// ("/dev, /dev/shm, /sys/fs/cgroup at 0%", "/boot/efi and /dev/shm"):
// items of one list, not a pair. Only a comma, "and" or "or" parts them
// in two segments so close.
func listed(c, a claim) bool {
	return c.class == classPath && a.seg != c.seg && abs(c.wi-a.wi) <= 2
}

// ownItems reports a path and a device in two segments of which either
// holds another of the other's kind: "/ at 90%, /var/lib/postgresql (md0)
// at 95%" (md0 is the other path's), "vda … mounted at /, plus an empty
// zram0" (vda is the path's). Each item of a list pairs with its own
// neighbours, not the item's beside it.
func ownItems(c, a claim, anchors []claim) bool {
	if c.class != classPath || a.seg == c.seg {
		return false
	}
	for _, e := range anchors {
		if e.off != c.off && e.off != a.off && (e.seg == c.seg && e.class == a.class || e.seg == a.seg && e.class == c.class) {
			return true
		}
	}
	return false
}

// mountedVerbs say the path after them is where their subject's
// filesystem is mounted: "lsblk shows vda as a 256G disk mounted at /".
var mountedVerbs = []string{"mounted at ", "mounted on ", "mounted as ", "mounts at ", "mounted under "}

// mountedSubject returns the device a path after one of mountedVerbs is
// said of: the nearest before it in its segment, however far; or nil.
func mountedSubject(answer string, c claim, anchors []claim) *claim {
	if c.class != classPath {
		return nil
	}
	head := strings.ToLower(answer[max(0, c.off-len("mounted under ")):c.off])
	if !slices.ContainsFunc(mountedVerbs, func(v string) bool { return strings.HasSuffix(head, v) }) {
		return nil
	}
	var best *claim
	for i := range anchors {
		if a := &anchors[i]; a.class == classDevice && a.off < c.off && a.seg == c.seg {
			best = a
		}
	}
	return best
}

// jointSubjects returns the names of a joint subject whose figures a
// bracketed list after it gives: in "Redis (PID 1790) and PostgreSQL (PID
// 2231) only listen on localhost (127.0.0.1:6379 and 127.0.0.1:5432)"
// each address may be either's. It returns nil unless c is in a bracket
// that lists ("and", "or" or a comma) after two or more names of its
// clause joined by "and".
func jointSubjects(answer string, c claim, as []claim) []claim {
	if c.paren < 0 {
		return nil
	}
	inner := answer[c.paren:]
	if end := strings.IndexByte(inner, ')'); end >= 0 {
		inner = inner[:end]
	}
	if !strings.Contains(inner, " and ") && !strings.Contains(inner, " or ") && !strings.Contains(inner, ",") {
		return nil
	}
	var out []claim
	for _, a := range as {
		if a.off >= c.paren {
			break
		}
		if a.off >= c.clause && a.class != classPID {
			out = append(out, a)
		}
	}
	if len(out) < 2 || !strings.Contains(answer[out[0].off:out[len(out)-1].off], " and ") {
		return nil
	}
	return out
}

// ownFigures reports a PID and a name in two items of a list that each
// hold a figure of their own: "PID 4391 at 4.2%, gnome-shell at 2.9%"
// speaks of two processes, and the PID is not gnome-shell's.
func ownFigures(c, a claim, claims []claim) bool {
	if c.class != classPID || a.seg == c.seg {
		return false
	}
	var ownC, ownA bool
	for _, f := range claims {
		if f.sent == c.sent && isFigure(f) {
			ownC = ownC || f.seg == c.seg
			ownA = ownA || f.seg == a.seg
		}
	}
	return ownC && ownA
}

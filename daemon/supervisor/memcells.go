package supervisor

import "strings"

// free -h prints each column of its Mem row rounded ("17Gi" free beside
// "18Gi" available) while its typed data keeps the bytes (free_bytes
// 17.65 GiB). A figure that is the printed cell of another column of the
// row and not its own column's cell was read from the wrong column,
// even when the exact bytes of its own column round to it: "18Gi free"
// where free prints 17Gi free and 18Gi available.

// otherMemCell reports whether c, a size with a field, is the printed
// cell of another column of free's Mem row and not of its own column.
func (ix *index) otherMemCell(c claim) bool {
	if c.field == "" {
		return false
	}
	own, other := false, false
	for _, r := range ix.recs {
		if r.probe != "memory_info" || !strings.HasPrefix(r.text, "mem:") {
			continue
		}
		for _, v := range r.values {
			if v.kind != c.kind || !headerNames[v.col] || !v.overlapsAny(c.ivs) {
				continue
			}
			if compatible(c.field, v.col) && !(c.field == "free" && strings.Contains(v.col, "avail")) {
				own = true
			} else {
				// A finer figure ("17.6 GiB free") is the bytes', not a cell's.
				other = other || c.ivs[0].hi-c.ivs[0].lo >= (v.iv.hi-v.iv.lo)/2
			}
		}
	}
	return other && !own
}

// overlapsAny reports whether v overlaps one of ivs.
func (v value) overlapsAny(ivs []interval) bool {
	for _, iv := range ivs {
		if v.iv.overlaps(iv) {
			return true
		}
	}
	return false
}

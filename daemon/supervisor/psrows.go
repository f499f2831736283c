package supervisor

import (
	"slices"
	"strconv"
)

// isPSRow reports whether r is a ps row: a PID column and a VSZ column
// (ss's pid= has no VSZ).
func isPSRow(r record) bool {
	var pid, vsz bool
	for _, v := range r.values {
		if v.kind == kindCount {
			pid = pid || v.col == "pid"
			vsz = vsz || v.col == "vsz" || v.col == "vsz_kib"
		}
	}
	return pid && vsz
}

// psRows returns the ps rows of a PID. Only the records holding the PID's
// word can have it in their pid column: the index lists them, so no walk
// of every record.
func (ix *index) psRows(pid int) []int32 {
	p := float64(pid)
	var out []int32
	for _, id := range ix.tokens[strconv.Itoa(pid)] {
		r := ix.recs[id]
		if isPSRow(r) && slices.ContainsFunc(r.values, func(v value) bool {
			return v.kind == kindCount && v.col == "pid" && v.iv.lo <= p && p <= v.iv.hi
		}) {
			out = append(out, id)
		}
	}
	return out
}

// kernelRow reports whether ps row r shows a kernel thread as the kernel
// prints one: no memory (VSZ 0) and a bracketed name alone.
func kernelRow(r record) bool {
	vsz := 0.0
	for _, v := range r.values {
		if v.kind == kindCount && (v.col == "vsz" || v.col == "vsz_kib") {
			vsz = max(vsz, v.iv.hi) // a count 0 spans ±0.5
		}
	}
	return vsz < 1 && bracketOnly(psCommand(r.text))
}

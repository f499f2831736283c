package supervisor

import "strings"

// swapSizes is swap as the evidence gives it: free's Swap row ("Swap:
// 4.0Gi 1.2Gi 2.8Gi") or the typed swap_total_bytes, swap_used_bytes and
// swap_free_bytes; a size is -1 where neither gives it.
type swapSizes struct{ total, used, free float64 }

// swapValues calls f with each size of free's Swap row and each typed
// swap_ value (row is false for those), and the probe of its record:
// every reader of swap walks them.
func (ix *index) swapValues(f func(v value, row bool, probe string)) {
	for _, r := range ix.recs {
		row := strings.HasPrefix(r.text, "swap:")
		for _, v := range r.values {
			if row || strings.Contains(v.col, "swap") {
				f(v, row, r.probe)
			}
		}
	}
}

// swap returns the machine's swap sizes, memory_info's (another probe's
// swap, a container's, is not the machine's); -1 marks one not given.
func (ix *index) swap() swapSizes {
	s := swapSizes{-1, -1, -1}
	ix.swapValues(func(v value, row bool, probe string) {
		if v.kind != kindSize || probe != "memory_info" {
			return
		}
		// A typed 0 is read as the interval around it, [-0.5, 0.5]: its
		// low end is no size, and below 0 it would read as missing.
		v.iv.lo = max(v.iv.lo, 0)
		col := v.col
		if !row {
			col = strings.TrimSuffix(strings.TrimPrefix(col, "swap_"), "_bytes")
		}
		switch col {
		case "total":
			s.total = v.iv.lo
		case "used":
			s.used = v.iv.lo
		case "free":
			s.free = v.iv.lo
		}
	})
	return s
}

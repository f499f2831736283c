package supervisor

import "strings"

// swapSizes is swap as the evidence gives it: free's Swap row ("Swap:
// 4.0Gi 1.2Gi 2.8Gi") or the typed swap_total_bytes, swap_used_bytes and
// swap_free_bytes; a size is -1 where neither gives it.
type swapSizes struct{ total, used, free float64 }

// swapValues calls f with each size of free's Swap row and each typed
// swap_ value (row is false for those): every reader of swap walks them.
func (ix *index) swapValues(f func(v value, row bool)) {
	for _, r := range ix.recs {
		row := strings.HasPrefix(r.text, "swap:")
		for _, v := range r.values {
			if row || strings.Contains(v.col, "swap") {
				f(v, row)
			}
		}
	}
}

// swap returns the swap row's sizes; ok is false without any.
func (ix *index) swap() (s swapSizes, ok bool) {
	s = swapSizes{-1, -1, -1}
	ix.swapValues(func(v value, row bool) {
		if v.kind != kindSize {
			return
		}
		col := v.col
		if !row {
			col = strings.TrimSuffix(strings.TrimPrefix(col, "swap_"), "_bytes")
		}
		switch col {
		case "total":
			s.total, ok = v.iv.lo, true
		case "used":
			s.used, ok = v.iv.lo, true
		case "free":
			s.free, ok = v.iv.lo, true
		}
	})
	return s, ok
}

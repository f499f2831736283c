package supervisor

import "math"

// derived reports whether a percentage is the ratio of two sizes the answer
// quotes from the evidence, within one percentage point ("3.2 GiB of 15 GiB,
// 21%"), which models write even when no probe printed the percentage.
func derived(pct claim, sizes []claim) bool {
	p := (pct.ivs[0].lo + pct.ivs[0].hi) / 2
	for i, a := range sizes {
		for j, b := range sizes {
			if i == j {
				continue
			}
			num := (a.ivs[0].lo + a.ivs[0].hi) / 2
			den := (b.ivs[0].lo + b.ivs[0].hi) / 2
			if den > 0 && num < den && math.Abs(100*num/den-p) <= 1 {
				return true
			}
		}
	}
	return false
}

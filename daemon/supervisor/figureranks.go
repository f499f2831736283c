package supervisor

import (
	"math"
	"slices"
)

// "The process using the most CPU is supervisor.test (73.1%), followed by
// updatedb.mlocate" where ps printed updatedb.mlocate's 73.6% on a later
// row: ps sorts by a sample taken before it prints, so its rows may stand
// out of the order of the figures they show. A ranking is judged on the
// figures: when a ranking table's column is out of order at the rank
// asked, sortedTop gives no row and rankedByColumn ranks that table's own
// figures.

// rankTie is how close two figures of a column are to hold one rank.
const rankTie = 0.05

// sortedTop returns topRecord(probe, rank), or -1 when the probe's rows
// are not in the order of its rank column's figures at that rank.
func (ix *index) sortedTop(probe string, rank int) int32 {
	top := ix.topRecord(probe, rank)
	col := rankColumns[probe]
	if top < 0 || col == "" {
		return top
	}
	rows := ix.probeValues(probe, col)
	if rank >= len(rows) {
		return top
	}
	sorted := slices.Clone(rows)
	slices.SortStableFunc(sorted, func(a, b float64) int { return cmpFloat(b, a) })
	for k := 0; k <= rank; k++ {
		if math.Abs(rows[k]-sorted[k]) >= rankTie {
			return -1
		}
	}
	return top
}

// probeValues returns a ps column's figures in a probe's rows, one per
// PID, in row order.
func (ix *index) probeValues(probe, col string) []float64 {
	seen := map[float64]bool{}
	var out []float64
	for _, r := range ix.recs {
		if r.probe != probe {
			continue
		}
		pid, val, okPID, ok := 0.0, 0.0, false, false
		for _, v := range r.values {
			switch {
			case v.col == "pid" && !okPID:
				pid, okPID = v.iv.lo, true
			case v.col == col && v.kind == kindPercent && !ok:
				val, ok = (v.iv.lo+v.iv.hi)/2, true
			}
		}
		if okPID && ok && !seen[pid] {
			seen[pid] = true
			out = append(out, val)
		}
	}
	return out
}

// colIn returns the largest figure of a column in an entity's rows of one
// probe.
func (ix *index) colIn(e claim, col, probe string) (float64, bool) {
	best, ok := 0.0, false
	for _, id := range ix.anchorRecords(e) {
		if ix.recs[id].probe != probe {
			continue
		}
		for _, v := range ix.recs[id].values {
			if m := (v.iv.lo + v.iv.hi) / 2; v.col == col && v.kind == kindPercent && (!ok || m > best) {
				best, ok = m, true
			}
		}
	}
	return best, ok
}

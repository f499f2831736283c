package supervisor

import "math"

// "The process using the most CPU is supervisor.test (73.1%), followed by
// updatedb.mlocate" where ps printed updatedb.mlocate's 73.6% on a later
// row: ps sorts by a sample taken before it prints, so its rows may stand
// out of the order of the figures they show. A ranking is judged on the
// figures: when a ranking table's column is out of order at the rank
// asked, sortedTop gives no row and rankedByColumn ranks that table's own
// figures.

// rankTie is how close two figures of a column are to hold one rank.
const rankTie = 0.05

// sortedTop returns topRecord(probe, rank), or -1 when rows, the probe's
// rank column figures in row order, are out of order at that rank.
func (ix *index) sortedTop(probe string, rank int, rows []float64) int32 {
	top := ix.topRecord(probe, rank)
	if top < 0 || rank >= len(rows) {
		return top
	}
	sorted := largestFirst(rows)
	for k := 0; k <= rank; k++ {
		if math.Abs(rows[k]-sorted[k]) >= rankTie {
			return -1
		}
	}
	return top
}

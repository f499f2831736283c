package supervisor

// "No errors appear from 04:29 to 04:31": an absence bounded on both
// sides is of the entries between the two clocks, the end's whole minute
// included. Read as "after 04:29" (clockAfterRe takes "from"), an entry
// at 04:40 would deny it, and the range's end would be lost. The range
// is journaltimes.go's clockRangeRe.

// rangeEnd returns the last second of the range that bound opens in
// text, if it opens one.
func rangeEnd(text, bound string) (end int, ok bool) {
	m := clockRangeRe.FindStringSubmatch(text)
	if m == nil || m[1] != bound {
		return 0, false
	}
	_, end, ok = clockSpan(m[2])
	return end, ok
}

// absentBetween reports whether no entry among ids that holds the
// absence's words is logged from from to end; seen whether any holds them.
func (ix *index) absentBetween(ids []int32, holds func(string) bool, from, end int) (empty, seen bool) {
	for _, id := range ids {
		t := ix.recs[id].text
		if !holds(t) {
			continue
		}
		seen = true
		if c, ok := recordClock(t); ok && c >= from && c <= end {
			return false, true
		}
	}
	return true, seen
}

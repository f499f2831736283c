package supervisor

import (
	"cmp"
	"slices"
)

// A logged event's scope reaches the journal lines within a minute of it,
// and an event named by its words alone is found by those words among the
// timed lines (events.go, loglinks.go). Both are looked up per sentence, so
// the timed lines are read once per index, on first use: by clock time
// for the neighbours, by the start of each word for the words.

// timedRecord is a record whose head holds a clock time (recordClock).
type timedRecord struct {
	sec int
	id  int32
}

// timeline holds the timed records by time, and by the first four bytes
// of each word of theirs ("spac" of "no space left") for wordStart lookups.
type timeline struct {
	byTime []timedRecord
	starts map[string][]int32
}

// timed returns the timed records, sorted by time.
func (ix *index) timed() []timedRecord {
	if ix.tl == nil {
		ix.tl = &timeline{byTime: []timedRecord{}}
		for id, r := range ix.recs {
			if t, ok := recordClock(r.text); ok {
				ix.tl.byTime = append(ix.tl.byTime, timedRecord{t, int32(id)})
			}
		}
		slices.SortStableFunc(ix.tl.byTime, func(a, b timedRecord) int { return cmp.Compare(a.sec, b.sec) })
	}
	return ix.tl.byTime
}

// timedStarting returns the timed records, in record order, that have a
// word starting with the four bytes s (wordStart).
func (ix *index) timedStarting(s string) []int32 {
	ix.timed()
	if ix.tl.starts == nil {
		ix.tl.starts = map[string][]int32{}
		ids := make([]int32, 0, len(ix.tl.byTime))
		for _, t := range ix.tl.byTime {
			ids = append(ids, t.id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			text := ix.recs[id].text
			for i := 0; i+4 <= len(text); i++ {
				if i > 0 && isAlnumByte(text[i-1]) {
					continue
				}
				if p := ix.tl.starts[text[i:i+4]]; len(p) == 0 || p[len(p)-1] != id {
					ix.tl.starts[text[i:i+4]] = append(p, id)
				}
			}
		}
	}
	return ix.tl.starts[s]
}

// addNeighbours adds to scope the timed records within neighbourWindow of
// one of its records.
func (ix *index) addNeighbours(scope map[int32]bool) {
	var times []int
	for id := range scope {
		if t, ok := recordClock(ix.recs[id].text); ok {
			times = append(times, t)
		}
	}
	byTime := ix.timed()
	for _, t := range times {
		i, _ := slices.BinarySearchFunc(byTime, t-neighbourWindow, func(r timedRecord, sec int) int { return cmp.Compare(r.sec, sec) })
		for ; i < len(byTime) && byTime[i].sec <= t+neighbourWindow; i++ {
			scope[byTime[i].id] = true
		}
	}
}

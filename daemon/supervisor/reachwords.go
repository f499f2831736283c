package supervisor

import (
	"slices"
	"strings"
	"unicode"
)

// reachWords are a clause's words (as plainWords reads them) with their
// offsets in the answer, split once: the reach rules read the words of
// its head, its tail and each comma segment from them.
type reachWords struct {
	answer     string
	ws         []string
	start, end []int
}

func newReachWords(answer string, cl reachClause) reachWords {
	n := (cl.end-cl.start)/4 + 1 // room for its words, grown at most once
	cw := reachWords{answer: answer, ws: make([]string, 0, n), start: make([]int, 0, n), end: make([]int, 0, n)}
	from := -1
	for i, r := range answer[cl.start:cl.end] {
		letter := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case letter && from < 0:
			from = cl.start + i
		case !letter && from >= 0:
			cw.add(from, cl.start+i)
			from = -1
		}
	}
	if from >= 0 {
		cw.add(from, cl.end)
	}
	return cw
}

func (cw *reachWords) add(a, b int) {
	cw.ws = append(cw.ws, strings.ToLower(cw.answer[a:b]))
	cw.start = append(cw.start, a)
	cw.end = append(cw.end, b)
}

// words returns plainWords(answer[a:b]) for a span of the clause; a word
// the span cuts is cut as plainWords would.
func (cw reachWords) words(a, b int) []string {
	i, _ := slices.BinarySearch(cw.end, a+1)
	j, _ := slices.BinarySearch(cw.start, b)
	if i >= j || a >= b {
		return nil
	}
	if cw.start[i] >= a && cw.end[j-1] <= b {
		return cw.ws[i:j:j]
	}
	out := slices.Clone(cw.ws[i:j])
	if cw.start[i] < a {
		out[0] = strings.ToLower(cw.answer[a:cw.end[i]])
	}
	if cw.end[j-1] > b {
		out[len(out)-1] = strings.ToLower(cw.answer[max(a, cw.start[j-1]):b])
	}
	return out
}

// segReach is a comma segment of a clause and the reach its words say.
type segReach struct {
	from, to int
	rs       reachSaid
	ok       bool
}

// segmentReaches reads each comma segment's reach once.
func segmentReaches(cw reachWords, cl reachClause) []segReach {
	var out []segReach
	for _, sp := range commaSegments(cw.answer, cl) {
		rs, ok := readReach(cw.words(sp[0], sp[1]))
		out = append(out, segReach{sp[0], sp[1], rs, ok})
	}
	return out
}

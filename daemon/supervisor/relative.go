package supervisor

import (
	"regexp"
	"strings"
)

// A figure right before "more … than" is no value of either side but
// their difference: "qemu uses about 0.4 GiB more than hog.py" (1.57 −
// 1.18 GiB); a number right before "times more than" or "times as much
// as" is their factor: "python3 uses roughly 18 times more than the
// compiler". Neither is in the evidence; each is found from two values of
// one column, one of the entity before it and one of an entity after
// "than" (or, when none is named there, of the entities the answer named
// just before: the list items above, or the previous sentences). A factor
// is checked only when hedged ("roughly 18 times", within
// approxTolerance); models write a bare "10 times" loosely, and the
// order of the two sides is compare.go's.

// relation is what a figure says of two entities' values.
type relation int

const (
	relNone    relation = iota // a value of its own
	relFound                   // a difference or hedged factor the values give
	relMissing                 // one they do not give
	relDropped                 // a bare factor: not checked
)

var (
	// diffAfter reads a comparative and its "than" after a figure.
	diffAfter = regexp.MustCompile(`^\s+(?:more|less|larger|bigger|smaller|higher|lower|greater|fewer|above|below)\b(?:\s+[\w%-]+){0,3}?\s+than\b`)
	// factorAfter reads "times more", "times as", "x larger" after a number.
	factorAfter = regexp.MustCompile(`^\s*(?:times|x|×)\s+(?:more|less|larger|bigger|smaller|higher|lower|greater|fewer|as|the)\b`)
)

// relativeFigure reports c as a difference ("600 MiB more … than") or,
// factor set, a factor ("3 times more") of two sides' values.
func relativeFigure(answer string, c claim) (factor, ok bool) {
	rest := answer[min(c.off+len(c.text), len(answer)):]
	factor = c.kind == kindCount && factorAfter.MatchString(rest)
	return factor, factor || (c.kind == kindSize || c.kind == kindPercent) && diffAfter.MatchString(rest)
}

// relative says whether c is a difference or factor of two entities'
// values, and whether the evidence gives it.
func (ix *index) relative(answer string, c claim, anchors map[int][]claim) relation {
	factor, ok := relativeFigure(answer, c)
	if !ok {
		return relNone
	}
	end := min(c.off+len(c.text), len(answer))
	rest := answer[end:]
	hedged := approxWords[strings.ToLower(lastWord(answer[:c.off]))]
	if factor && !hedged {
		return relDropped
	}
	var subject *claim
	var others []claim
	than := end + thanIn(rest)
	for i, a := range anchors[c.sent] {
		switch {
		case a.off < c.off:
			subject = &anchors[c.sent][i]
		case a.off > than:
			others = append(others, a)
		}
	}
	if subject == nil {
		return relMissing
	}
	if len(others) == 0 {
		others = earlierAnchors(answer, anchors, c)
	}
	own := ix.anchorRecords(*subject)
	mine := map[int32]bool{}
	for _, id := range own {
		mine[id] = true
	}
	var theirs []int32
	for _, o := range others {
		if o.key == subject.key {
			continue
		}
		for _, id := range ix.anchorRecords(o) {
			if !mine[id] {
				theirs = append(theirs, id)
			}
		}
	}
	n := 0.0
	if factor {
		n = (c.ivs[0].lo + c.ivs[0].hi) / 2
	}
	for _, id := range own {
		for _, p := range ix.recs[id].values {
			for _, jd := range theirs {
				for _, q := range ix.recs[jd].values {
					if p.col != q.col || p.col == "" || p.col == "pid" || !compatible(c.field, p.col) {
						continue
					}
					a, b := (p.iv.lo+p.iv.hi)/2, (q.iv.lo+q.iv.hi)/2
					if factor && p.kind == q.kind && precise(p.iv) && precise(q.iv) && within(max(a, b)/min(a, b), n, approxTolerance) ||
						!factor && p.kind == c.kind && q.kind == c.kind && inIntervals(abs64(a-b), c.ivs) {
						return relFound
					}
				}
			}
		}
	}
	return relMissing
}

// thanIn returns where the other side of a comparison starts in rest:
// its "than", else the "as" closing "as much as", else 0.
func thanIn(rest string) int {
	low := strings.ToLower(rest)
	if i := wordAt(low, "than", 0); i >= 0 {
		return i
	}
	if i := wordAt(low, "as", 0); i >= 0 {
		if j := wordAt(low, "as", i+1); j >= 0 {
			return j
		}
	}
	return 0
}

// lastWord returns the last word of text, without trailing spaces.
func lastWord(text string) string {
	text = strings.TrimRight(text, " \t")
	return text[strings.LastIndexAny(text, " \t\n(")+1:]
}

// precise reports a value rounded finely enough for a factor: ps's 0.1
// %MEM spans 0.05–0.15, so 4.2/0.1 is anything from 28 to 85.
func precise(iv interval) bool {
	v := (iv.lo + iv.hi) / 2
	return v > 0 && iv.hi-iv.lo <= approxTolerance*v
}

func within(v, n, tol float64) bool { return v >= n*(1-tol) && v <= n*(1+tol) }

func abs64(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func inIntervals(v float64, ivs []interval) bool {
	for _, iv := range ivs {
		if v >= iv.lo && v < iv.hi {
			return true
		}
	}
	return false
}

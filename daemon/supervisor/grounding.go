package supervisor

import (
	"math"
	"strings"
)

// Grounding is the outcome of checking an answer's claims against the
// evidence, claim texts as the answer wrote them, in order.
type Grounding struct {
	// Found are the claims the evidence supports.
	Found []string `json:"found"`
	// Missing are the claims the evidence does not support.
	Missing []string `json:"missing"`
	// Given are claims absent from the evidence that the user supplied (a
	// name or number in the question or the ticket's entities): repeating
	// them is not invention, but it does not ground the answer either.
	Given []string `json:"given"`
}

// Grounded reports whether the answer quotes the evidence at least once and
// makes no claim the evidence lacks.
func (g Grounding) Grounded() bool { return len(g.Found) > 0 && len(g.Missing) == 0 }

// maxDerivedSizes bounds the pairs tried when a percentage may be derived.
const maxDerivedSizes = 16

// Check extracts the claims of answer (see the package doc for what counts)
// and looks each up in evidence, the text the answer was written from (see
// EvidenceText). given holds the user's own words; claims found only there
// go to Given. Check is deterministic and never modifies its inputs.
func Check(answer, evidence string, given ...string) Grounding {
	g := Grounding{Found: []string{}, Missing: []string{}, Given: []string{}}
	claims := extract(answer)
	if len(claims) == 0 {
		return g
	}
	ev := newIndex(evidence)
	var user *index
	var missing []claim
	var sizes []claim
	for _, c := range claims {
		switch {
		case ev.has(c):
			g.Found = append(g.Found, c.text)
			if c.kind == kindSize && len(sizes) < maxDerivedSizes {
				sizes = append(sizes, c)
			}
			continue
		case len(given) > 0:
			if user == nil {
				user = newIndex(strings.Join(given, "\n"))
			}
			if user.has(c) {
				g.Given = append(g.Given, c.text)
				continue
			}
		}
		missing = append(missing, c)
	}
	for _, c := range missing {
		if c.kind == kindPercent && derived(c, sizes) {
			g.Found = append(g.Found, c.text)
			continue
		}
		g.Missing = append(g.Missing, c.text)
	}
	return g
}

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

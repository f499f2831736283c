package supervisor

import (
	"cmp"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A share of swap said used: "Swap is 255Mi, and roughly half of it is in
// use", "most of the swap is used", "about a quarter of swap is in use",
// "some of it is used", "the machine is swapping a little". Each is a
// claim on free's Swap row, used against total, as "not being used"
// (swapuse.go) is: half holds from 30% to 70% (free rounds, "roughly"
// hedges), a quarter 15–35%, a third 20–45%, two thirds 50–80%, three
// quarters 60–90%, most 45% and up, and "some", "a little", "a bit" or
// "is swapping" any use at all. "Less than half", "under a third" bound
// the used part from above by the share's value (½, ⅓), "more than
// half", "over a quarter" from below. A negation before the share
// ("not even half of the swap", "swap is 1Gi and not even half of it")
// or a condition ("if half of swap is used …") makes no claim.

// swapShare is a share phrase, the part of total it says is used and its
// nominal value (½, ¼, …; 0 for "most", "some"), which a bound word bounds:
// "less than half" is under ½, not under the 70% a bare "half" allows.
type swapShare struct {
	words       []string
	lo, hi, nom float64
}

// swapShares are longest first, so "two thirds" is read before "third".
var swapShares = []swapShare{
	{[]string{"three", "quarters"}, 0.6, 0.9, 0.75},
	{[]string{"two", "thirds"}, 0.5, 0.8, 2.0 / 3},
	{[]string{"a", "small", "part"}, 0, 0.5, 0},
	{[]string{"a", "small", "amount"}, 0, 0.5, 0},
	{[]string{"the", "majority"}, 0.45, 1, 0},
	{[]string{"a", "quarter"}, 0.15, 0.35, 0.25},
	{[]string{"one", "quarter"}, 0.15, 0.35, 0.25},
	{[]string{"a", "third"}, 0.2, 0.45, 1.0 / 3},
	{[]string{"one", "third"}, 0.2, 0.45, 1.0 / 3},
	{[]string{"a", "little"}, 0, 1, 0},
	{[]string{"a", "bit"}, 0, 1, 0},
	{[]string{"half"}, 0.3, 0.7, 0.5},
	{[]string{"most"}, 0.45, 1, 0},
	{[]string{"some"}, 0, 1, 0},
}

var (
	// swapShareUse are the words that make the share the used part.
	swapShareUse = lexicon.NewSet(`used use full consumed occupied taken utilized utilised`)
	// swapBelow and swapAbove bound a share from one side.
	swapBelow = [][]string{{"less", "than"}, {"fewer", "than"}, {"under"}, {"below"}, {"at", "most"}}
	swapAbove = [][]string{{"more", "than"}, {"over"}, {"above"}, {"at", "least"}}
	// swapShareNegs before a share deny it.
	swapShareNegs = lexicon.NewSet(`not isn never no nowhere hardly barely`)
	// swappingLeads before "swapping" say the machine is (or has been).
	swappingLeads = lexicon.NewSet(`is s been was are re were`)
	// swappingStops before "swapping" make it no statement of fact: a
	// negation ("nothing is swapping") or an aim or risk.
	swappingStops = lexicon.NewSet(`not isn wasn hasn aren weren never no nothing none nobody neither avoid
	prevent stop stops start starts begin begins keep risk without before`)
)

// shareAt returns the share phrase at ws[k], if any.
func shareAt(ws []string, k int) (swapShare, bool) {
	for _, s := range swapShares {
		if k+len(s.words) <= len(ws) && equalAt(ws, k, s.words) {
			return s, true
		}
	}
	return swapShare{}, false
}

// boundShare widens s to one side when a bound word ends right before k.
func boundShare(ws []string, k int, s swapShare) swapShare {
	for _, b := range swapBelow {
		if k >= len(b) && equalAt(ws, k-len(b), b) {
			return swapShare{s.words, -1, cmp.Or(s.nom, s.hi), 0} // below a share, none may be used
		}
	}
	for _, b := range swapAbove {
		if k >= len(b) && equalAt(ws, k-len(b), b) {
			return swapShare{s.words, cmp.Or(s.nom, s.lo), 1, 0}
		}
	}
	return s
}

// useAfter reports a swapShareUse word within a few filler words after k.
func useAfter(ws []string, k int) bool {
	for j := k; j < len(ws) && j < k+swapUseReach; j++ {
		if swapShareUse[ws[j]] {
			return true
		}
		if !swapUseFillers[ws[j]] && ws[j] != "swap" && ws[j] != "space" {
			return false
		}
	}
	return false
}

// saysSwapShare returns the share of swap a sentence says is used.
func saysSwapShare(ws []string) (swapShare, bool) {
	for i, w := range ws {
		if w != "swap" || anyOf(ws[:i], swapConds) || at(ws, i-1) == "no" {
			continue
		}
		// "half of the swap is used": the share before "swap".
		for k := max(0, i-5); k < i; k++ {
			s, ok := shareAt(ws, k)
			if !ok || swapShareNegs[at(ws, k-1)] || at(ws, k-1) == "even" && swapShareNegs[at(ws, k-2)] {
				continue
			}
			rest := ws[k+len(s.words) : i]
			if len(rest) > 0 && rest[0] == "of" && len(rest) <= 3 && useAfter(ws, i+1) {
				return boundShare(ws, k, s), true
			}
		}
		// "swap is 255Mi, and roughly half of it is in use"
		for k := i + 1; k < len(ws) && k <= i+swapSpan+2; k++ {
			if swapSubjects[ws[k]] && !(swapTurns[ws[k]] && swapTurnHeads[at(ws, k+1)]) {
				break
			}
			if swapShareNegs[ws[k]] {
				break
			}
			s, ok := shareAt(ws, k)
			if !ok {
				continue
			}
			if useAfter(ws, k+len(s.words)) {
				return boundShare(ws, k, s), true
			}
		}
	}
	return swapShare{}, false
}

// saysSwapping reports "the machine is swapping", "has been swapping a
// little": swap in use now.
func saysSwapping(ws []string) bool {
	for i, w := range ws {
		if w != "swapping" || anyOf(ws[:i], swapConds) || !swappingLeads[at(ws, i-1)] {
			continue
		}
		stopped := false
		for j := max(0, i-4); j < i; j++ {
			stopped = stopped || swappingStops[ws[j]]
		}
		if !stopped {
			return true
		}
	}
	return false
}

// checkSwapShare reports a share of swap said used (see above) against
// free's Swap row.
func checkSwapShare(ix *index, g *Grounding, ws []string) {
	s, ok := saysSwapShare(ws)
	label := "swap share used"
	if !ok && saysSwapping(ws) {
		s, ok, label = swapShare{nil, 0, 1, 0}, true, "swapping"
	}
	if !ok {
		return
	}
	row := ix.swap() // swaprow.go
	if row.total < 0 || row.used < 0 {
		return
	}
	share := 0.0
	if row.total > 0 {
		share = row.used / row.total
	}
	if (row.used > 0 || s.lo < 0) && share >= s.lo && share <= s.hi {
		g.Found = append(g.Found, label)
	} else {
		g.Missing = append(g.Missing, label)
	}
}

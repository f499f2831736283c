package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// Swap said wholly free or wholly used: "Swap: 2.0 GiB total, all of it
// free" says nothing is used, so it holds only as "not being used" does
// (swapuse.go); "swap is fully used", "completely full", "exhausted" holds
// only when free's Swap row leaves (almost) nothing free. Both are verdicts
// on the row, which the sizes beside them ("2.0 GiB total") do not check.

var (
	// swapWhole are the words that make "free" or "used" the whole of swap.
	swapWhole = lexicon.NewSet(`all entirely completely totally fully 100`)
	// swapFullWords say swap is used up by themselves.
	swapFullWords = lexicon.NewSet(`full exhausted maxed saturated`)
	// swapFullUse follow a swapWhole word: "fully used", "all consumed".
	swapFullUse = lexicon.NewSet(`used consumed utilized utilised occupied full`)
)

// swapClause returns the words after the i-th word "swap" up to another
// subject, or nil when the sentence is a condition or the swap is "no swap".
func swapClause(ws []string, i int) []string {
	if anyOf(ws[:i], swapConds) || at(ws, i-1) == "no" {
		return nil
	}
	end := min(len(ws), i+1+swapSpan)
	for k := i + 1; k < end; k++ {
		if swapSubjects[ws[k]] {
			return ws[i+1 : k]
		}
	}
	return ws[i+1 : end]
}

// wholeBefore reports a swapWhole word within three words before k.
func wholeBefore(ws []string, k int) bool {
	for j := max(0, k-3); j < k; j++ {
		if swapWhole[ws[j]] {
			return true
		}
	}
	return false
}

// negatedBefore reports a negation before k in the clause.
func negatedBefore(ws []string, k int) bool {
	for _, w := range ws[:k] {
		if w == "not" || w == "isn" || w == "never" || w == "nowhere" {
			return true
		}
	}
	return false
}

// saysSwapAllFree reports "all of it free", "entirely free" after "swap".
func saysSwapAllFree(ws []string) bool {
	for i, w := range ws {
		if w != "swap" {
			continue
		}
		c := swapClause(ws, i)
		for k, x := range c {
			if x == "free" && wholeBefore(c, k) && !negatedBefore(c, k) {
				return true
			}
		}
	}
	return false
}

// saysSwapFull reports "swap is fully used", "completely full", "full".
func saysSwapFull(ws []string) bool {
	for i, w := range ws {
		if w != "swap" {
			continue
		}
		c := swapClause(ws, i)
		for k, x := range c {
			if negatedBefore(c, k) {
				break
			}
			if swapFullWords[x] || swapFullUse[x] && wholeBefore(c, k) {
				return true
			}
		}
	}
	return false
}

// checkSwapStates reports swap said fully used (see above); "all of it
// free" is the claim that none is used, judged by checkSwapUse.
func checkSwapStates(ix *index, g *Grounding, ws []string) {
	if saysSwapFull(ws) {
		// Full leaves under 5% free: free rounds, "fully used" does not
		// mean to the byte.
		switch s := ix.swap(); { // swaprow.go
		case s.total < 0 || s.free < 0:
		case s.total == 0 || s.free > s.total/20:
			g.Missing = append(g.Missing, "swap full")
		default:
			g.Found = append(g.Found, "swap full")
		}
	}
}

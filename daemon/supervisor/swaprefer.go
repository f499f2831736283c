package supervisor

// "Swap is 1.0Gi. None of it is in use." and "Swap: 255Mi total; it is
// not being used": a sentence whose "it" is the swap of the sentence
// before says what "swap is not being used" says, and is judged the same
// (swapuse.go, swapstates.go). The "it" must open the sentence ("none of
// it", "nothing of it", "it is", "it's", "it isn't"), and swap must be
// the last subject of the sentence before: not in "Swap is 1.0Gi and
// memory 23Gi. None of it is in use."

// swapPronounLeads are the openings whose "it" refers back.
var swapPronounLeads = [][]string{{"none", "of", "it"}, {"nothing", "of", "it"}, {"it", "is"},
	{"it", "s"}, {"it", "isn"}, {"it", "has"}, {"it", "hasn"}, {"it", "was"}, {"it", "remains"}}

// swapReferred returns ws with "swap" before it when its opening "it" is
// the swap prev ends on (see above), else ws.
func swapReferred(prev, ws []string) []string {
	opens := false
	for _, lead := range swapPronounLeads {
		if len(ws) >= len(lead) && equalAt(ws, 0, lead) {
			opens = true
			break
		}
	}
	if !opens {
		return ws
	}
	last := -1
	for i, w := range prev {
		if w == "swap" {
			last = i
		}
	}
	if last < 0 || swapClause(prev, last) == nil {
		return ws
	}
	for _, w := range prev[last+1:] {
		if swapSubjects[w] {
			return ws // another subject follows swap
		}
	}
	return append([]string{"swap"}, ws...)
}

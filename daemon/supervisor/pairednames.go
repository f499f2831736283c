package supervisor

import "strings"

// "CPU1 and CPU0 hit their thresholds at 18:55:59 and 18:56:00": a list of
// names and then a list of as many clock times pair in order, as with
// "respectively"; each time is its own name's, not the nearest name's.
// Only clock times: a list of sizes or shares after two names may be a
// range or a total ("use between 2% and 5%"), and times after "between"
// or "from" are one span.

// pairedNames returns the names and times of a sentence that pair in
// order, or nil and figs.
func pairedNames(answer string, as, figs []claim) ([]claim, []claim) {
	if len(figs) < 2 || len(as) != len(figs) || figs[0].kind != kindClock ||
		!figureList(answer, figs) || !nameList(answer, as) || as[len(as)-1].off > figs[0].off {
		return nil, figs
	}
	if ws := plainWords(answer[as[len(as)-1].off:figs[0].off]); len(ws) > 0 && (ws[len(ws)-1] == "between" || ws[len(ws)-1] == "from") {
		return nil, figs // "between 18:44 and 20:10": one span, not each name's time
	}
	return as, figs
}

// nameList reports names joined only by commas and "and".
func nameList(answer string, as []claim) bool {
	for i := 1; i < len(as); i++ {
		from := as[i-1].off + len(as[i-1].text)
		if from > as[i].off || as[i].off > len(answer) || as[i].class == classPID {
			return false
		}
		switch strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(answer[from:as[i].off]), ",")) {
		case "", "and":
		default:
			return false
		}
	}
	return as[0].class != classPID
}

package supervisor

import "strings"

// Two numbers next to each other are one range ("24–27 MiB") only when a
// dash joins them: the dash breaks words, so numberRange sees them as
// neighbours. Any other gap keeps them apart: in a Markdown table "| 0 |
// 100% |" are df's Avail and Use% cells, not "0 to 100%", and "89M 87M 0
// 100%" copied from df are four figures.

// rangeDashes are the characters that may join the two ends of a range.
const rangeDashes = "-\u2010\u2011\u2012\u2013\u2014\u2212"

// apartNumbers reports whether words i and i+1 are both numbers with a gap
// between them that is no range's dash: each is then read alone.
func apartNumbers(text string, ws []word, i int) bool {
	if i+1 >= len(ws) || !isDigit(ws[i].text[0]) || !isDigit(ws[i+1].text[0]) {
		return false
	}
	gap := strings.TrimSpace(text[ws[i].off+len(ws[i].text) : ws[i+1].off])
	return gap == "" || strings.Trim(gap, rangeDashes) != "" || len([]rune(gap)) > 1
}

package supervisor

import (
	"regexp"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "**Memory summary:**\n- Total memory is 23Gi.\n- Used memory is 3.4": a
// reply that ends, unpunctuated, on a bare figure of a size (memory,
// swap, disk) when it wrote its other sizes with a unit stopped before
// the unit ("3.4Gi"). A bare figure where the reply writes no sized
// figure ("the load is 3.4"), or a zero, is whole.

// sizeNouns name a quantity measured in bytes.
var sizeNouns = lexicon.NewSet(`memory ram swap disk size mem`)

// sizedFigureRe reads a figure written with a byte unit.
var sizedFigureRe = regexp.MustCompile(`\d(?:\.\d+)?\s?(?:[KMGTP]i?B?|[kmgtp]ib|bytes)\b`)

// cutSize reports such a reply.
func cutSize(text string, words []string) bool {
	n := len(words)
	if n < 3 {
		return false
	}
	last := words[n-1]
	if !isDigit(last[0]) || !isDigit(last[len(last)-1]) || !allDigits(strings.ReplaceAll(last, ".", "")) ||
		strings.Trim(last, "0.") == "" || lexicon.IsIPv4(last) {
		return false
	}
	from := max(strings.LastIndex(text, "\n"), strings.LastIndex(text, ". "))
	if from < 0 || !sizedFigureRe.MatchString(text[:from]) {
		return false
	}
	for _, w := range plainWords(text[from:]) {
		if sizeNouns[w] {
			return true
		}
	}
	return false
}

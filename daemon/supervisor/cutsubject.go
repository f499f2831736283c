package supervisor

import (
	"strings"
	"unicode"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// clauseJoins open a new clause whose subject needs a verb after it.
var clauseJoins = lexicon.NewSet(`and but while whereas`)

// cutSubject reports a reply that ends, unpunctuated, on a superlative
// phrase opening a new clause ("… of 15Gi and the biggest proc", "…, but
// the most mem"): the subject of a clause whose verb never came, so the
// model stopped mid-sentence, often inside the noun itself. A superlative
// after a verb ends a terse answer ("firefox uses the most memory"), and
// so does a count before a noun ("73 procs"): neither is cut.
func cutSubject(text string, words []string) bool {
	n := len(words)
	if n < 4 || !unicode.IsLetter([]rune(text)[len([]rune(text))-1]) {
		return false
	}
	lower := func(i int) string { return strings.ToLower(strings.Trim(words[i], "*_")) }
	sup := lower(n - 2)
	if strings.IndexFunc(sup, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 ||
		!strings.HasSuffix(sup, "est") && sup != "most" && sup != "least" {
		return false
	}
	if lower(n-3) != "the" {
		return false
	}
	prev := words[n-4]
	return clauseJoins[lower(n-4)] || strings.HasSuffix(prev, ",")
}

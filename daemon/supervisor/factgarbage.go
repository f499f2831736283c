package supervisor

import (
	"strings"
	"unicode"

	"github.com/jjgarcianorway/anna-assistant/daemon/facts"
)

// minWordLoop is the fewest words of a reply's facts that, all one word,
// make a model stuck in a loop ("the the the …" as subject, field and
// value). A true fact may name one word twice or three times ("sda",
// NAME, "sda"; "Mem:" as subject and field), never this often alone.
const minWordLoop = 6

// factsLoop says why a's facts are one word said over and over, or "".
// The facts' words are read together: probe text a fact copies may repeat
// a word ("0 0 0"), but a fact naming any other word is not a loop.
func factsLoop(a facts.Answer) string {
	word, n := "", 0
	for _, f := range a.Facts {
		for _, s := range []string{f.Subject, f.Field, f.Value, f.Count} {
			for _, w := range strings.Fields(s) {
				k := strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
				switch {
				case k == "":
					continue
				case word != "" && k != word:
					return ""
				}
				word = k
				n++
			}
		}
	}
	if n < minWordLoop {
		return ""
	}
	return "the reply's facts repeat " + quoteShort(word) + " " + itoa(n) + " times and say nothing else"
}

// statesFact reports whether a has a fact with a value: a fact whose
// value is empty states nothing.
func statesFact(a facts.Answer) bool {
	for _, f := range a.Facts {
		if strings.TrimSpace(f.Value) != "" {
			return true
		}
	}
	return false
}

package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// exceptOpeners open a segment that sets its figures apart from the
// sentence's subject: "Besides 2024, socat on 0.0.0.0:31337 is the only
// one bound to all addresses". They are exceptWords (below) as
// they open a segment: with their preposition.
var exceptOpeners = []string{"besides", "apart from", "aside from", "other than", "except for", "except", "excluding"}

// excepted reports whether c stands in such a segment, which opens its
// sentence and holds nothing but the exception and c: c is then tied to
// no entity of the sentence (it must still be in the evidence).
func excepted(answer string, c claim) bool {
	if c.seg >= c.off || c.off > len(answer) {
		return false
	}
	head := strings.ToLower(strings.TrimSpace(answer[c.seg:c.off]))
	for _, w := range exceptOpeners {
		if rest, ok := strings.CutPrefix(head, w); ok {
			rest = strings.TrimSpace(rest)
			return rest == "" || rest == "port" || rest == "ports" || rest == "the"
		}
	}
	return false
}

// exceptWords set something aside anywhere in a clause: rows from a
// superlative ("the most CPU besides qemu"), sockets from a reach said of
// all ("nothing except 2024 is exposed"). exceptOpeners (excepted.go)
// are the phrases that open a segment so.
var exceptWords = lexicon.NewSet(`except besides apart aside excluding`)

// setsAside reports an exception word, or "other" ("the other
// processes"), among ws: no superlative or place is then the first row's.
func setsAside(ws []string) bool {
	return anyOf(ws, exceptWords) || slices.Contains(ws, "other")
}

// exceptWordsAnd returns exceptWords with the words of more: a rule that
// reads further exceptions keeps the shared ones in one place.
func exceptWordsAnd(more string) lexicon.Set {
	s := lexicon.NewSet(more)
	for w := range exceptWords {
		s[w] = true
	}
	return s
}

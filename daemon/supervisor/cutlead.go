package supervisor

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "Based on the probes, the prometheus": a reply that opens on a lead
// phrase ("Based on …,", "According to …,", "Looking at …,") promises a
// main clause after its comma. When all that follows is a determiner and
// a word or two, unpunctuated, that clause has its subject and no verb:
// the model stopped mid-sentence. Without such a lead a comma may join a
// terse answer's apposition ("nginx, the proxy"), which is whole.

// leadOpeners open a lead phrase before the main clause.
var leadOpeners = lexicon.NewSet(`based according looking judging from given after overall checking`)

// subjectDeterminers open the main clause's subject.
var subjectDeterminers = lexicon.NewSet(`the a an this that these those your its their`)

// irregularPasts end a short main clause whole ("the host ran", "the
// disk fell over") as a regular "-ed" or a present "-s" does.
var irregularPasts = lexicon.NewSet(`ran went fell grew broke hit got took froze rose came left lost kept sent did won shut`)

// cutAfterLead reports such a reply: its main clause is a determiner and
// one word, or two when the second is no verb ("the nginx worker", not
// "the disk fills", "the service failed", "the host ran").
func cutAfterLead(text string, words []string) bool {
	if len(words) < 3 || strings.Contains(text, "\n") || !leadOpeners[strings.ToLower(strings.Trim(words[0], "*_"))] {
		return false
	}
	if r, _ := utf8.DecodeLastRuneInString(text); !unicode.IsLetter(r) {
		return false
	}
	k := 0
	for k < len(words) && !strings.HasSuffix(words[k], ",") {
		k++
	}
	rest := words[min(k+1, len(words)):]
	if len(rest) < 2 || len(rest) > 3 || !subjectDeterminers[strings.ToLower(strings.Trim(rest[0], "*_"))] ||
		strings.ContainsAny(strings.Join(rest, " "), "0123456789") {
		return false
	}
	last := strings.ToLower(strings.Trim(rest[len(rest)-1], "*_"))
	return len(rest) == 2 || !strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ed") && !irregularPasts[last]
}

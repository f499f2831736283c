package supervisor

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "The biggest memory process is …/cc1plus and it", "Based on the
// evidence, the main issue is that the backup": a reply that ends,
// unpunctuated, on a new clause's subject with no verb after it stopped
// mid-sentence. The subject is a pronoun after any clause join ("and
// it"), or a determiner and one word after a join that opens a
// subordinate clause ("that the backup", "because the disk"). After
// "and" or "or" a determiner and a noun are a whole coordinated object
// ("check the logs and the config"), so only a pronoun there is cut.

// clauseOpeners open a clause that needs its own verb.
var clauseOpeners = lexicon.NewSet(`and or but that because since while when whereas although though so if`)

// subordinators open a clause whose determiner and noun cannot end it.
var subordinators = lexicon.NewSet(`that because since while when whereas although though if`)

// subjectPronouns need a verb after them.
var subjectPronouns = lexicon.NewSet(`it he she they we i`)

// cutClause reports such a reply.
func cutClause(text string, words []string) bool {
	if r, _ := utf8.DecodeLastRuneInString(text); !unicode.IsLetter(r) || len(words) < 4 {
		return false
	}
	w := func(k int) string { return strings.ToLower(strings.Trim(words[len(words)-k], "*_")) }
	if subjectPronouns[w(1)] && clauseOpeners[w(2)] {
		return true
	}
	last := w(1)
	return subordinators[w(3)] && subjectDeterminers[w(2)] && !strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ed") && !irregularPasts[last]
}

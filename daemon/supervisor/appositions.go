package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A word right after "process" or "program" names it in apposition ("the
// process firefox uses …"), but not where it describes the process: after
// an indefinite or counted noun phrase ("a suspicious process worth
// looking into", "one process looks suspicious", "this process stands
// out": a name would follow "named" or "called") or before a complement that
// an adjective or preposition takes ("process worth checking", "process
// similar to yours", "program typical of builds"). Such a word is no
// required name.

// quantifiers open a noun phrase whose process a verb, not a name,
// follows: "one process looks odd", "each program writes …".
var quantifiers = lexicon.NewSet(`one this that another each every no any some which`)

// complementOpeners after a word make it a describing adjective.
var complementOpeners = lexicon.NewSet(`to of for than into a an the`)

// describesKind reports whether words[i], right after a kind noun at
// i-1, describes the process rather than names it.
func describesKind(words []string, i int) bool {
	for k := i - 2; k >= 0 && k >= i-4; k-- {
		if words[k] == "a" || words[k] == "an" || quantifiers[words[k]] {
			return true
		}
		if words[k] == "the" || kindWords[words[k]] || !lexicon.IsName(words[k]) {
			break
		}
	}
	next := ""
	if i+1 < len(words) {
		next = words[i+1]
	}
	return complementOpeners[next] || len(next) > 5 && strings.HasSuffix(next, "ing") && !progressiveWords[next]
}

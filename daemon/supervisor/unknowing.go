package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// "systemctl --failed had no connection to the system bus, so I have no
// log or failed-unit information": a "no" whose noun phrase ends in a
// noun of knowledge says the answerer lacks the facts, not that there
// are no failed units or log entries. "No failed units were found"
// still says there are none.

var (
	knowledgeNouns = lexicon.NewSet(`information info data details insight visibility knowledge`)
	// phraseBreaks end the noun phrase after "no": a verb, a preposition
	// or a conjunction of clauses ("no failed units, and the data shows").
	phraseBreaks = lexicon.NewSet(`is are was were be been has have had in on from for at because so but since
		while which that found shown listed reported`)
)

// unknowing reports whether the "no" at ws[i] opens a noun phrase that
// ends in a noun of knowledge within unprobedSpan words ("no log or
// failed-unit information", "no data on failed units").
func unknowing(ws []string, i int) bool {
	for k := i + 1; k < len(ws) && k <= i+unprobedSpan; k++ {
		switch {
		case knowledgeNouns[ws[k]]:
			return true
		case phraseBreaks[ws[k]]:
			return false
		}
	}
	return false
}

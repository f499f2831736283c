package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// consumerNouns name the one a superlative ranks first ("the top memory
// user", "the top consumer of CPU").
var consumerNouns = lexicon.NewSet(`user consumer process program hog eater offender`)

// topRanks reports whether "top" at ws[i] ranks like "biggest": before a
// singular consumer noun, after at most a measure word ("X is the top
// memory user"). Elsewhere it is a list's ("top 5", "the top memory
// list", "top memory users") or the command's ("top -p 8943").
func topRanks(ws []string, i int) bool {
	next := at(ws, i+1)
	if memoryWords[next] || cpuWords[next] {
		next = at(ws, i+2)
	}
	return consumerNouns[next]
}

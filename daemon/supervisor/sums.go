package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// maxSumReach is how many sentences back a sum that names no entity
// ("Together they hold about 2.1 GiB.") looks for the entities it adds.
const maxSumReach = 3

// sumAnchors returns the entities a sum in sentence sent adds up: those
// its sentence names, else those of the nearest earlier sentence that
// names at least two ("PID 7740 … and PID 8073 …. Together that's about
// 8.7%"), for "together they", "that's" refer back to them.
func sumAnchors(anchors map[int][]claim, sent int) []claim {
	if len(anchors[sent]) > 0 {
		return anchors[sent]
	}
	for s := sent - 1; s >= 0 && s >= sent-maxSumReach; s-- {
		if len(anchors[s]) >= 2 {
			return anchors[s]
		}
	}
	return nil
}

// numberVerbs after a number make it the subject of a verb, not a count
// of a noun: "7740 uses roughly twice as much as 8073" counts no "uses".
var numberVerbs = lexicon.NewSet(`uses holds takes needs consumes runs has`)

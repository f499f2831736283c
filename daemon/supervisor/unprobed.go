package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// "No failed units could be checked (no connection to the systemd system
// bus)" reports a probe that failed, not that there are no failed units:
// a "no" whose noun phrase is followed by a modal, "be" and a verb of
// looking ("could be checked", "can be read") says nothing of the
// thing's absence. "No failed units could be found" still does.

var (
	unprobedModals = lexicon.NewSet(`could can couldn cannot`)
	probeVerbs     = lexicon.NewSet(`checked read listed queried determined verified inspected retrieved loaded
		enumerated examined accessed`)
)

// unprobedSpan is how many words after "no" its noun phrase and the
// modal may take ("no failed systemd units could").
const unprobedSpan = 5

// unprobed reports whether the "no" at ws[i] opens "no X could be
// checked".
func unprobed(ws []string, i int) bool {
	for k := i + 1; k < len(ws) && k <= i+unprobedSpan; k++ {
		if !unprobedModals[ws[k]] {
			continue
		}
		j := k + 1
		if at(ws, j) == "t" || at(ws, j) == "not" {
			j++ // "couldn't", "could not"
		}
		return at(ws, j) == "be" && probeVerbs[at(ws, j+1)]
	}
	return false
}

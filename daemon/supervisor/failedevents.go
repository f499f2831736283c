package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// failedEvent reports a "failed" that says what failed, not a state of
// the name before it: "the journal shows failed passwords", "shows failed
// SSH passwords" (one word naming the service may stand between), as
// "Failed password" on sshd's line is a refused login (see failedEvents);
// or a "failed"/"failing" with the action it failed at ("reprepro (PID
// 1437) is failing to fetch some indexes", reprepro's "aptmethod error
// receiving …"): the action's failure, an event of its lines, while the
// process runs. Failing to start, run or stay up is still its state.
func failedEvent(words []string, i int) bool {
	if (words[i] == "failed" || words[i] == "failing") && at(words, i+1) == "to" && at(words, i+2) != "" && !stateActions[at(words, i+2)] {
		return true
	}
	return words[i] == "failed" && (failedEvents[at(words, i+1)] || failedEvents[at(words, i+2)])
}

// stateActions failed at leave the unit failed.
var stateActions = lexicon.NewSet(`start run launch activate load stay remain restart come respond mount bring initialize initialise boot be`)

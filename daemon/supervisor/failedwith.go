package supervisor

import (
	"slices"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "certbot.timer failed with No space left on device", where that message
// is backup.sh's line and certbot's says "connection timed out": the
// message a unit or program is said to have failed with is read like a
// cause (causes.go): its words must be in the lines of what failed (and
// the lines within a minute of them). Words that only say a failure has
// a result or code ("failed with an error", "with exit code 1") name no
// message.

// failureKinds say a failure has a result, not what it was.
var failureKinds = lexicon.NewSet(`error errors failure code codes status result exit exited signal message`)

// messageEnds end the message after "failed with": "… failed with No
// space left on device while renewing certificates" says no more of it
// after "while". ", " ends it before each of causeClauseEnds but "; ".
var messageEnds = []string{", ", " while ", " when ", " so ", " during ", " because ", " as ", " after ", "; "}

// failureMessage drops failureKinds from the words after "failed with".
func failureMessage(words []string) []string {
	return slices.DeleteFunc(words, func(w string) bool { return failureKinds[w] })
}

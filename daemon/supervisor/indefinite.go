package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// A sentence whose subject is indefinite and whose verb is a modal before
// a helping verb ("A simple cron job running `df -h /` can warn you if it
// ever passes 80%", "An alert at 90% would catch it early") speaks of a
// tool the user might set up, not of this machine: it is advice, and its
// figures are thresholds, its names tools.

// indefiniteModals are the modals of such a sentence.
var indefiniteModals = lexicon.NewSet(`can could would will might may`)

// helpVerbs are what such a tool does for the user.
var helpVerbs = lexicon.NewSet(`warn warns alert notify help catch show tell free flag keep prevent
	save stop reduce avoid spot email page remind`)

// maxIndefiniteSubject bounds the words between the article and the modal.
const maxIndefiniteSubject = 12

// indefiniteAdvice reports a sentence's words opening with "a" or "an",
// with a modal within maxIndefiniteSubject words and one of helpVerbs right
// after it (or after one adverb: "can easily free").
func indefiniteAdvice(words []string) bool {
	if len(words) < 3 || (words[0] != "a" && words[0] != "an") {
		return false
	}
	for i := 1; i < len(words) && i <= maxIndefiniteSubject; i++ {
		if !indefiniteModals[words[i]] {
			continue
		}
		next := at(words, i+1)
		if modifier(next) || next == "also" {
			next = at(words, i+2)
		}
		return helpVerbs[next] || adviceVerbs[next] && next != "run" // "A tool like fail2ban can block repeated attempts"
	}
	return false
}

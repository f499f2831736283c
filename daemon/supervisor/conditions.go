package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// In advice, what follows "when", "once", "if" and the like is a
// condition on the step, not a finding: "Check again with `systemctl
// --failed` when systemd is running" says nothing of systemd's state, and
// "a cron job can warn you if it ever passes 80%" gives a threshold. A
// state or figure of such a clause is not checked; one before it ("restart
// nginx, which is down, when you can") still is.

// A relative "where" after an indefinite noun ("run it on a host where
// systemd is running", "any machine where …") picks a hypothetical
// machine: its clause is a condition too.

// conditionWords open a condition clause.
var conditionWords = lexicon.NewSet(`when whenever once if until unless before after`)

// conditionWindow bounds how far back a condition word is looked for.
const conditionWindow = 160

// conditional reports whether the claim c, of an advice sentence, stands in
// a condition clause: a condition word before it in its sentence, with no
// comma between ("If / passes 80%, clean it" holds 80% in the condition,
// not a figure after the comma). Only states and figures are conditions;
// a PID, port or clock time still names what it names.
func conditional(answer string, c claim) bool {
	switch c.kind {
	case kindState, kindPercent, kindSize, kindFreq:
	default:
		return false
	}
	head := answer[max(0, c.off-conditionWindow):min(c.off, len(answer))]
	if i := strings.LastIndexAny(head, "\n;!?"); i >= 0 {
		head = head[i+1:]
	}
	if i := strings.LastIndex(head, ". "); i >= 0 {
		head = head[i+2:]
	}
	ws := splitWordsAt(head)
	for k := len(ws) - 1; k >= 0; k-- {
		w := strings.ToLower(ws[k].text)
		if w == "where" && indefiniteBefore(ws[:k]) {
			return !strings.Contains(head[ws[k].off:], ",") // "on a host where systemd is running"
		}
		if !conditionWords[w] || w == "once" && k > 0 && strings.EqualFold(ws[k-1].text, "at") {
			continue // "restart it at once" is no condition
		}
		return !strings.Contains(head[ws[k].off:], ",")
	}
	return false
}

// indefinites pick no particular thing: "a host", "any machine".
var indefinites = lexicon.NewSet(`a an any another some every`)

// indefiniteBefore reports whether the noun phrase ending ws opens with an
// indefinite determiner, at most two words before its end.
func indefiniteBefore(ws []word) bool {
	for k := len(ws) - 1; k >= max(0, len(ws)-3); k-- {
		if indefinites[strings.ToLower(ws[k].text)] {
			return k < len(ws)-1
		}
	}
	return false
}

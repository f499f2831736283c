package supervisor

import "strings"

// A name right before another process name in one noun phrase says what
// kind of process that is, not which: "the Go test binary
// `supervisor.test` (PID 2709)", "two Go `compile` processes". It is
// soft (see claim.soft): it still grounds where the evidence has it, but
// ranks nothing ("the busiest process is the Go test binary …" ranks
// supervisor.test).

// So does an indefinite noun phrase a comma sets before the name: "a Go
// test binary, supervisor.test (PID 32333)" (appositive); a list item
// ("nginx, sshd and cron") is none, for no kind noun ends it.

// maxDescribed bounds the plain words between such a name and the name it
// describes ("test binary").
const maxDescribed = 2

// markDescriptorNames sets soft on each process name that describes the
// next one.
func markDescriptorNames(answer string, claims []claim) {
	for i := range claims[:max(0, len(claims)-1)] {
		a, j := &claims[i], i+1
		for j+1 < len(claims) && claims[j].kind == kindName && (claims[j].positional || claims[j].soft) {
			j++ // "the Go test binary `supervisor.test`": "binary" is a plain word
		}
		b := claims[j]
		if a.class != classProcess || a.kind != kindName || a.soft || a.positional || b.class != classProcess || b.kind != kindName || b.positional || b.soft || b.sent != a.sent || a.textual {
			continue
		}
		end := a.off + len(a.text)
		if end > b.off || b.off > len(answer) {
			continue
		}
		between := strings.Trim(answer[end:b.off], " *`")
		if appositive(answer, a.off, between) {
			between = strings.TrimSuffix(between, ",")
		}
		words := strings.Fields(between)
		if len(words) > maxDescribed || strings.ContainsAny(strings.Trim(between, " "), ",;:.()/|\n") && between != "" {
			continue
		}
		plain := true
		for _, w := range words {
			for _, r := range w {
				plain = plain && r >= 'a' && r <= 'z'
			}
			plain = plain && !describedStops[w]
		}
		if plain {
			a.soft = true
		}
	}
}

// describedStops are words that end a noun phrase: a name before them is
// no descriptor ("nginx and sshd", "firefox uses gnome-shell").
var describedStops = map[string]bool{"and": true, "or": true, "is": true, "are": true, "was": true, "uses": true,
	"use": true, "then": true, "than": true, "with": true, "by": true, "at": true, "on": true, "of": true,
	"in": true, "to": true, "from": true, "vs": true, "versus": true, "plus": true, "not": true, "but": true,
	"nor": true, "has": true, "have": true, "runs": true, "started": true, "spawned": true, "under": true}

// appositiveNouns end a noun phrase that describes a process.
var appositiveNouns = map[string]bool{"binary": true, "binaries": true, "process": true, "program": true, "daemon": true,
	"server": true, "service": true, "job": true, "tool": true, "worker": true, "build": true, "compiler": true, "script": true, "scanner": true}

// appositive reports whether the text between a name at off and the next
// name is "<plain words> <kind noun>," after an indefinite article before
// the first name: "a Go test binary, ".
func appositive(answer string, off int, between string) bool {
	head, ok := strings.CutSuffix(between, ",")
	ws := strings.Fields(head)
	if !ok || len(ws) == 0 || !appositiveNouns[ws[len(ws)-1]] {
		return false
	}
	before := strings.Fields(strings.ToLower(answer[max(0, off-4):off]))
	return len(before) > 0 && (before[len(before)-1] == "a" || before[len(before)-1] == "an")
}

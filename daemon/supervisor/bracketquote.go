package supervisor

import (
	"strings"
	"unicode"
)

// A bracket after a quoted name says which process it is: "`go test`
// (PID 4260)". A bracket after a quoted log message comments on it
// instead: spamd "could not create INET socket on 127.0.0.1:783: Address
// already in use" (another socket already held the port). Such a
// quotation, evidence text of several words (verbatim.go), names no
// process unless its bracket opens with a PID or number, so the figures
// and times after it are tied to the entity before it, not to the quote.

// commentedQuote reports whether a quoted text with a bracket after it is
// such a log message.
func commentedQuote(text, after string, quiet func(string) bool) bool {
	if quiet == nil || !quiet(text) {
		return false
	}
	fs := strings.Fields(strings.TrimPrefix(after, "("))
	if len(fs) == 0 || unicode.IsDigit(rune(fs[0][0])) {
		return false
	}
	w := strings.ToLower(strings.TrimRight(fs[0], ":=,)"))
	return w != "pid" && w != "pids" && !strings.HasPrefix(w, "pid=")
}

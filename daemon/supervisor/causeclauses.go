package supervisor

import "strings"

// "sdc1 was disabled after an I/O error, and smartd reported 8 pending
// sectors on /dev/sdc": a causal clause ends where a new clause joined by
// ", and", ", but", ", while" or "; " begins; that clause tells an event
// of its own, which is not said to be the cause.

// causeClauseEnds end a causal clause.
var causeClauseEnds = []string{", and ", ", but ", ", while ", ", whereas ", ", then ", "; "}

// cutCause returns the content words of causal clause [at, end) of
// sentence up to such a break; ok is false when none cuts it. The span
// stays whole: the entities after the break are still no subject whose
// lines the cause is looked up in.
func cutCause(sentence string, at, end int) ([]string, bool) {
	cut := end
	low := asciiLower(sentence[at:end])
	ends := causeClauseEnds
	if strings.HasPrefix(low, "failed with ") {
		ends = messageEnds // failedwith.go
	}
	for _, b := range ends {
		if i := strings.Index(low, b); i >= 0 {
			cut = min(cut, at+i)
		}
	}
	if cut == end {
		return nil, false
	}
	// No content words before the break (a quoted message, checked as a
	// quote): nothing of the clause is left to look up.
	words := append([]string{}, causeWords(plainWords(sentence[at:cut]))...)
	// "failed with status 98 because …", "because the disk filled, and
	// because …": a cause after the break is checked too.
	if i := laterCause(low[cut-at:]); i >= 0 {
		more, _ := cutCause(sentence, cut+i, end)
		if more == nil {
			more = causeWords(plainWords(sentence[cut+i : end]))
		}
		words = append(words, more...)
	}
	return words, true
}

// laterCause returns where the first causal mark other than "failed
// with" stands in low, or -1.
func laterCause(low string) int {
	at := -1
	for _, m := range causeMarks {
		if i := strings.Index(low, m); i >= 0 && m != "failed with " && (at < 0 || i < at) {
			at = i
		}
	}
	return at
}

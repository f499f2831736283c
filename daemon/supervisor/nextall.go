package supervisor

import (
	"regexp"
	"strings"
)

// "The journal contains five failed SSH password attempts. All of them
// come from 203.0.113.77, first for …": a sentence that opens with "all
// of them" (or "each of them", "they all") and says where they came from
// qualifies every failed login the sentence before counted, as "…, all
// from 203.0.113.77" in the same sentence does (allQualifier): the count
// is then of the lines from that address. Only the address is read: the
// users such a sentence goes on to name ("first for ubuntu and then for
// root") are of single logins, not of all of them.

// nextAllRe reads the opening of such a sentence up to its address.
var nextAllRe = regexp.MustCompile(`^\s*(?:all|each|every\s+one|both)\s+of\s+them\s+(?:\w+\s+){0,2}?(?:from|by)\s+` +
	`(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})\b|^\s*they\s+all\s+(?:\w+\s+){0,2}?(?:from|by)\s+(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})\b`)

// nextAllAddress returns the address a sentence opening "All of them …
// from ADDR" gives every login of the sentence before, or "".
func nextAllAddress(next string) string {
	m := nextAllRe.FindStringSubmatch(strings.ToLower(next))
	if m == nil {
		return ""
	}
	return m[1] + m[2]
}

// nextBlank returns the text of the sentence after facts[k], or "".
func nextBlank(facts []sentenceFacts, k int) string {
	if k+1 < len(facts) {
		return facts[k+1].blank
	}
	return ""
}

package supervisor

import "strings"

// A quotation of a log line may drop or add the line's own inner quote
// marks: `rsync reported "write failed on /srv/data/db.tar: No space left"`
// quotes `write failed on "/srv/data/db.tar": No space left`. A quotation
// of several words is matched with the quote characters inside it and in
// the evidence left out (only those: every other character must match).

// innerQuotes are the quote characters a quotation may drop or add.
const innerQuotes = "\"'`“”‘’"

// hasTextUnquoted reports whether text holds c's key, both without their
// quote characters, for a key of several words.
func hasTextUnquoted(text string, c claim) bool {
	if !strings.Contains(c.key, " ") {
		return false
	}
	key := dropQuoteMarks(c.key)
	if !strings.ContainsAny(key, "abcdefghijklmnopqrstuvwxyz") {
		return false
	}
	if !strings.ContainsAny(text, innerQuotes) && key == c.key {
		return false // nothing was left out: the exact search stands
	}
	c.key = key
	return hasTextExact(dropQuoteMarks(text), c)
}

// dropQuoteMarks returns s without its quote characters.
func dropQuoteMarks(s string) string {
	if !strings.ContainsAny(s, innerQuotes) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(innerQuotes, r) {
			return -1
		}
		return r
	}, s)
}

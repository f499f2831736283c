package supervisor

import "strings"

// Programs pad their messages: reprepro logs "'404  Not Found [IP: …]'",
// two spaces where an answer quoting it writes one ("404 Not Found").
// Which run of spaces parts two words is no part of what the line says,
// so a quotation is also found where its single spaces stand for runs of
// spaces or tabs; its words, their order and their bounds stay exact
// ("404 Not Found" is not "404 Found").

// hasTextSpaced reports a multi-word quotation in text with its spaces
// read as runs of blanks, where text has such a run at all.
func hasTextSpaced(text string, c claim) bool {
	if c.prefix || !strings.Contains(c.key, " ") || !strings.Contains(text, "  ") && !strings.Contains(text, "\t") {
		return false
	}
	parts := strings.Fields(c.key)
	if len(parts) < 2 { // a quotation of blanks has no word to find
		return false
	}
	for off := 0; off < len(text); {
		i := strings.Index(text[off:], parts[0])
		if i < 0 {
			return false
		}
		i += off
		if i == 0 || !isAlnumByte(text[i-1]) || !isAlnumByte(parts[0][0]) {
			if end := spacedMatch(text, i+len(parts[0]), parts[1:]); end >= 0 &&
				(end == len(text) || !isAlnumByte(text[end]) || !isAlnumByte(c.key[len(c.key)-1])) {
				return true
			}
		}
		off = i + 1
	}
	return false
}

// spacedMatch returns where parts end in text from j, each after a run of
// blanks, or -1.
func spacedMatch(text string, j int, parts []string) int {
	for _, p := range parts {
		k := j
		for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
			k++
		}
		if k == j || !strings.HasPrefix(text[k:], p) {
			return -1
		}
		j = k + len(p)
	}
	return j
}

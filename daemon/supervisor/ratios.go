package supervisor

import "strings"

// Multiples compare like "more … than": "7740 uses roughly twice as much
// memory as 8073", "three times as much CPU as", "half as much as". The
// second "as" plays "than"; the order of the two sides is checked (not
// the factor, which models round loosely).

// multiples give the direction of a multiple before "as … as".
var multiples = map[string]int{"twice": 1, "double": 1, "triple": 1, "thrice": 1, "times": 1, "half": -1}

// multiple reads "twice as much … as" at ws[i]: the direction, or 0.
func multiple(ws []string, i int) int {
	dir := multiples[ws[i]]
	if dir == 0 || at(ws, i+1) != "as" || ws[i] == "times" && countOf(at(ws, i-1)) < 2 && !allDigits(at(ws, i-1)) {
		return 0
	}
	for k := i + 2; k < len(ws) && k <= i+5; k++ {
		if ws[k] == "as" {
			return dir
		}
	}
	return 0
}

// asOffset returns the offset of the "as" that closes "twice as much …
// as" in a sentence (the second after the multiple word), or its length.
func asOffset(sentence, word string) int {
	low := strings.ToLower(sentence)
	i := wordAt(low, word, 0)
	for n := 0; i >= 0 && n < 2; n++ {
		if i = wordAt(low, "as", i+1); i >= 0 && n == 1 {
			return i
		}
	}
	return len(sentence)
}

// wordAt returns the offset of word as a whole word in low from off on,
// or -1.
func wordAt(low, word string, off int) int {
	for off <= len(low) {
		j := strings.Index(low[off:], word)
		if j < 0 {
			return -1
		}
		j += off
		if (j == 0 || !isAlnumByte(low[j-1])) && (j+len(word) == len(low) || !isAlnumByte(low[j+len(word)])) {
			return j
		}
		off = j + 1
	}
	return -1
}

// barePIDs makes each bare number of a comparing sentence that the
// evidence shows as a process ID a PID: "So 7740 uses more memory than
// 8073" compares two processes, not two numbers.
func (ix *index) barePIDs(claims []claim) {
	for i := range claims {
		c := &claims[i]
		if c.facts.cmp != 0 && c.kind == kindCount && c.noun == "" && allDigits(c.key) && len(ix.findAnchor(claim{kind: kindPID, key: c.key})) > 0 {
			c.kind, c.class = kindPID, classPID
		}
	}
}

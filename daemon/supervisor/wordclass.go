package supervisor

import "slices"

// classify reads words without the punctuation between them; classifyAt
// gives it what that punctuation says: two numbers with no dash between
// are no range (rangegaps.go), and a list of PIDs ends at the bracket that
// holds its "PIDs": in "(sshd, PIDs 22243 and 22245), and 2024 on 0.0.0.0"
// 2024 is the next listener, not a third PID.

// classifyAt classifies words[i] as classify does, with those two cuts.
func classifyAt(text string, ws []word, words, raws []string, i int, add func(claim), known map[string]class) int {
	if apartNumbers(text, ws, i) {
		return classify(words[:i+1], raws[:i+1], i, add, known)
	}
	if k := closedPIDList(text, ws, words, i); k >= 0 {
		words = slices.Clone(words) // rare: only past such a bracket
		words[k] = ""
	}
	return classify(words, raws, i, add, known)
}

// closedPIDList returns the index of the "PIDs" whose list words[i] would
// go on when a bracket opened before that word closes between it and
// words[i], or -1.
func closedPIDList(text string, ws []word, words []string, i int) int {
	if !allDigits(words[i]) || !pidList(words, i) {
		return -1
	}
	k := i - 1
	for k >= 0 && words[k] != "pids" && words[k] != "processes" {
		k--
	}
	if k < 0 {
		return -1
	}
	depth := 0
	for _, r := range text[ws[k].off:ws[i].off] {
		switch r {
		case '(':
			depth++
		case ')':
			if depth--; depth < 0 {
				return k
			}
		}
	}
	return -1
}

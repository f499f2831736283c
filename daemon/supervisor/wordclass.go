package supervisor

import (
	"slices"
	"strings"
)

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
	if s := sentenceWord(text, ws, i); s > 0 {
		// "… listens on port 9090. prometheus dropped 412 samples": the
		// words that make a number a port are its own sentence's.
		return classify(words[s:], raws[s:], i-s, add, known)
	}
	return classify(words, raws, i, add, known)
}

// sentenceWord returns the index of the first word of the sentence of the
// number ws[i], looking back as far as a port's listen word may stand
// (listenWindow), or 0 when no sentence ends that near or ws[i] is no
// number. A line break ends no sentence here: "Listening services:\n-
// nginx: 80, 443".
func sentenceWord(text string, ws []word, i int) int {
	if ws[i].text == "" || !isDigit(ws[i].text[0]) {
		return 0
	}
	for k := i; k > 0 && k > i-listenWindow; k-- {
		gap := strings.TrimRight(text[ws[k-1].off+len(ws[k-1].text):ws[k].off], " \t\n*")
		if strings.HasSuffix(gap, ".") || strings.HasSuffix(gap, "!") || strings.HasSuffix(gap, "?") {
			return k
		}
	}
	return 0
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

package supervisor

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// "The busiest process is lame PID 10922 at 34.7% CPU. lame PID 10922 is
// enco": a writer who capitalises and ends each sentence with a full stop
// ends the last one so too. When the last sentence of such prose stops on
// a letter, with no stop, the reply was cut there, inside a word ("enco")
// or after a whole one whose clause had more to come ("is encoding"):
// either way its last claim is unfinished, so the reply is no answer.
// Terse replies written without capitals or stops ("journal: java
// killed. see `journalctl -b` for the cause"), list items and table rows
// end without one and are whole; so are a figure, a name with a digit, a
// closing bracket, bold or quote, and an ellipsis, which end a sentence
// the writer chose to leave bare.

// cutLastSentence reports prose whose last sentence lacks the stop the
// sentence before it has, on the same line or on the prose line above,
// written by a writer who capitalises.
func cutLastSentence(text string) bool {
	r, _ := utf8.DecodeLastRuneInString(text)
	if !unicode.IsLetter(r) {
		return false
	}
	lines := strings.Split(text, "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if !proseLine(last) {
		return false
	}
	if stopped, capitals := stopsInside(last); stopped && (capitals || capitalised(last)) {
		return true
	}
	for i := len(lines) - 2; i >= 0; i-- {
		prev := strings.TrimSpace(lines[i])
		if prev == "" {
			continue
		}
		return proseLine(prev) && capitalised(prev) && strings.ContainsAny(prev[len(prev)-1:], ".!?") &&
			!strings.HasSuffix(prev, "...")
	}
	return false
}

// proseLine reports a line of running text, not a list item, heading,
// table row or quote, whose items need no stop.
func proseLine(line string) bool {
	// The bullet "•" is three bytes: its first rune, not its first byte,
	// is the mark.
	if r, _ := utf8.DecodeRuneInString(line); line == "" || strings.ContainsRune("-*+#|>•", r) && !strings.HasPrefix(line, "**") {
		return false
	}
	i := strings.IndexFunc(line, func(r rune) bool { return !unicode.IsDigit(r) })
	return i <= 0 || !strings.ContainsRune(".)", rune(line[i])) // "1. item", "2) item"
}

// capitalised reports a line whose first letter is upper case: the mark
// of a writer who writes whole sentences.
func capitalised(line string) bool {
	i := strings.IndexFunc(line, unicode.IsLetter)
	if i < 0 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(line[i:])
	return unicode.IsUpper(r)
}

// stopsInside reports a sentence ended inside the line: ". ", "! " or
// "? " after a word, outside a code span; capitals reports one that
// opens the next on a capital ("lame PID 10922 at 34.7% CPU. It runs"),
// as a line opening on a name ("nginx PID 1544 …") may not. A list
// number ("1. postgres"), "e.g.", "i.e." and "vs." end no sentence.
func stopsInside(line string) (stopped, capitals bool) {
	code := false
	for i := 0; i+1 < len(line); i++ {
		c := line[i]
		if c == '`' {
			code = !code
		}
		if code || !strings.ContainsRune(".!?", rune(c)) || line[i+1] != ' ' || i == 0 {
			continue
		}
		word := line[strings.LastIndexByte(line[:i], ' ')+1 : i]
		if c == '.' && (word == "" || len(word) <= 2 && allDigits(word) || strings.Contains(word, ".") ||
			strings.EqualFold(word, "vs") || abbrevEnd(line, i)) {
			continue
		}
		stopped = true
		capitals = capitals || capitalised(line[i+1:])
	}
	return stopped, capitals
}

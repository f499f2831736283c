package supervisor

import "strings"

// bracketTail reports whether ws[i] is the last word of a bracket that
// holds other words before it: "java (PID 19478, 929900 KiB RSS) uses …".
// Such a word is no subject of the verb after the bracket (the name the
// bracket follows is), so it is no name by its position; a bracket that
// holds the word alone ("the browser (firefox) uses …") still names it.
func bracketTail(text string, ws []word, i int) bool {
	end := ws[i].off + len(ws[i].text)
	if end >= len(text) || text[end] != ')' || i == 0 {
		return false
	}
	before := text[ws[i-1].off+len(ws[i-1].text) : ws[i].off]
	return !strings.Contains(before, "(") && strings.Contains(text[:ws[i].off], "(")
}

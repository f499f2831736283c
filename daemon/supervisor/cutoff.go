package supervisor

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A reply that ends "- **Disk:** /dev/vd" stopped mid-word: its last word
// has no closing punctuation and is the start of a name the evidence
// shows (/dev/vda) but never a name of its own. A reply that ends on a
// whole name ("… eth0 up") is not cut.

// maxCutWord bounds the plain words (no digit, slash or joiner) read as
// the start of a name ("vd", "eno"); longer ones are words of their own
// ("python" is whole though the evidence has only python3).
const maxCutWord = 3

// maxNameLen bounds the last word looked up: longer ones are no names.
const maxNameLen = 256

// cutName returns why a reply stopped inside a name of the evidence, or "".
func cutName(reply, evidence string) string {
	text := strings.TrimSpace(reply)
	r, _ := utf8.DecodeLastRuneInString(text)
	if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_') {
		return "" // closing punctuation, a bracket, a quote or a directory's "/" ends it
	}
	last := strings.ToLower(text[strings.LastIndexAny(text, " \t\n*`(")+1:])
	if len(last) > maxNameLen || !nameStart(last) {
		return ""
	}
	ev := strings.ToLower(evidence)
	prefix := false
	for off := 0; off < len(ev); {
		i := strings.Index(ev[off:], last)
		if i < 0 {
			break
		}
		i += off
		end := i + len(last)
		if i == 0 || !isAlnumByte(ev[i-1]) {
			if end == len(ev) || !isAlnumByte(ev[end]) {
				return "" // the evidence has it as a whole name
			}
			prefix = true
		}
		off = i + 1
	}
	if !prefix {
		return ""
	}
	return "the reply stops mid-name (cut off at " + quoteShort(last) + ")"
}

// nameStart reports whether a word may be the start of a name: a path or
// a word with a digit, dot, dash or underscore, or a short plain word that
// is no English or program name.
func nameStart(w string) bool {
	if w == "" || allDigits(strings.ReplaceAll(w, ".", "")) {
		return false // a cut number is cutFigure's
	}
	if strings.ContainsAny(w, "/0123456789._-") {
		return strings.ContainsFunc(w, unicode.IsLetter) || strings.Contains(w, "/")
	}
	return len(w) <= maxCutWord && !lexicon.IsStopword(w) && !lexicon.IsProgram(w)
}

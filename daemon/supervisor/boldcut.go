package supervisor

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// "The processes using the most CPU are:\n\n1. **Überwa": a reply whose
// last line opens bold text ("**" with a word right after it) and never
// closes it stopped mid-span; models close every bold span they open,
// so its words, whole or not, are not the end of an answer. Bold markers
// are counted on the last line only: a span does not cross lines.

// openBold reports whether the reply's last line ends inside bold text.
func openBold(text string) bool {
	line := text[strings.LastIndexByte(text, '\n')+1:]
	if strings.Count(line, "**")%2 == 0 {
		return false
	}
	i := strings.LastIndex(line, "**")
	rest := line[i+2:]
	r, _ := utf8.DecodeRuneInString(rest)
	// "5 ** 2" is a power, not bold: the opening marker touches its word.
	return rest != "" && !unicode.IsSpace(r) && r != '*'
}

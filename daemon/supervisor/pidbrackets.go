package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A bare number in brackets right after a process name is that process's
// PID, as tables and terse lists write it: "sshd (812)", "nginx (930,
// 931)", "| socat (7738) |". Only whole numbers fill the bracket: "sshd
// (port 22)" and "python3 (2.9%)" say something else. After "listen" or
// a port, such a bracket holds a port ("listening: sshd (22), nginx
// (443)"), except in a table row, whose Process column holds the PID.

// bracketedPID reports whether words[i] is such a number.
func bracketedPID(text string, ws []word, words []string, i int, known map[string]class) bool {
	if !allDigits(words[i]) || len(words[i]) > 10 {
		return false
	}
	if portContext(words, i) && !tableRow(text, ws[i].off) {
		return false // "three services listen: sshd (22), nginx (443)"
	}
	// The bracket holds nothing but numbers, and closes.
	end := ws[i].off + len(ws[i].text)
	for k := i + 1; ; k++ {
		if k >= len(ws) {
			rest := strings.TrimSpace(text[end:])
			if !strings.HasPrefix(rest, ")") {
				return false
			}
			break
		}
		between := strings.TrimSpace(text[end:ws[k].off])
		if strings.HasPrefix(between, ")") {
			break
		}
		if (between != "," && between != "" || !allDigits(words[k])) && !(words[k] == "and" && between == "") {
			return false
		}
		end = ws[k].off + len(ws[k].text)
	}
	// Back to the bracket's opening, past earlier numbers.
	k := i
	for {
		if k == 0 {
			return false
		}
		prevEnd := ws[k-1].off + len(ws[k-1].text)
		between := strings.TrimSpace(text[prevEnd:ws[k].off])
		if between == "(" {
			p := words[k-1]
			return known[p] == classProcess || lexicon.IsProgram(p)
		}
		if (between != "," && between != "") || !(allDigits(words[k-1]) || words[k-1] == "and") {
			return false
		}
		k--
	}
}

// commandBefore returns the backticked command line that ends right
// before the bracket opening at paren, or "".
func commandBefore(answer string, paren int) string {
	before := strings.TrimRight(answer[:paren], " ")
	if !strings.HasSuffix(before, "`") {
		return ""
	}
	i := strings.LastIndexByte(before[:len(before)-1], '`')
	if i < 0 {
		return ""
	}
	if cmd := strings.TrimSpace(before[i+1 : len(before)-1]); isCommand(cmd) {
		return cmd
	}
	return ""
}

// tableRow reports whether the line holding offset off is a Markdown
// table row.
func tableRow(text string, off int) bool {
	start := strings.LastIndexByte(text[:off], '\n') + 1
	return strings.HasPrefix(strings.TrimSpace(text[start:off]), "|")
}

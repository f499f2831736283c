package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A command line written out without quotes ("Find what takes the space
// with: du -xh --max-depth=2 /srv/www | sort -h | tail -20") holds
// figures that are the command's options, not claims about the machine:
// "tail -20" says nothing of /srv/www. The options of such a command that
// hold a figure, and the number an option takes ("head -n 20"), are
// blanked before the answer's words are read, as a quoted command's are
// (isCommand). A
// command starts at a known command (commands) before an option, or at
// any lowercase word before a lettered option ("nginx -t"), and runs to
// the end of its clause; a pipe carries it on.

// blankOptions returns blanked with the figures of its unquoted command
// lines' options blanked out.
func blankOptions(blanked string) string {
	if !strings.Contains(blanked, " -") {
		return blanked
	}
	toks := fieldsAt(blanked)
	var b []byte
	blank := func(t field) {
		if b == nil {
			b = []byte(blanked)
		}
		for k := t.off; k < t.off+len(strings.TrimRight(t.text, ".,;:)")); k++ {
			b[k] = ' '
		}
	}
	in, arg := false, false
	for i, t := range toks {
		if i > 0 && (strings.ContainsAny(blanked[toks[i-1].off:t.off], "\n") || strings.ContainsAny(toks[i-1].text[len(toks[i-1].text)-1:], ".,;:")) {
			in, arg = false, false // a clause ends the command
		}
		body := strings.TrimRight(t.text, ".,;:)")
		switch {
		case in && isOption(body):
			if strings.ContainsAny(body, "0123456789") {
				blank(t) // only a figure is blanked: "systemctl --failed lists …" names its probe (probelists.go)
			}
			arg = body[1] != '-' && len(body) == 2 && isLetter(body[1]) || body[1] == '-' && !strings.Contains(body, "=")
		case in && arg && allDigits(body) && body != "":
			blank(t)
			arg = false
		case !in && i+1 < len(toks) && commandAt(strings.ToLower(body), strings.TrimRight(toks[i+1].text, ".,;:)")):
			in, arg = true, false
		default:
			arg = false
		}
	}
	if b == nil {
		return blanked
	}
	return string(b)
}

// commandAt reports whether word opens a command line whose next token is
// next: a known command before an option, or a lowercase word before a
// lettered one ("nginx -t", not "at -20").
func commandAt(word, next string) bool {
	if !isOption(next) {
		return false
	}
	return commands[word] || lexicon.IsName(word) && (isLetter(next[1]) || next[1] == '-')
}

// isOption reports a command-line option: "-h", "-20", "--max-depth=2".
func isOption(t string) bool {
	if len(t) < 2 || t[0] != '-' {
		return false
	}
	if t[1] == '-' {
		return len(t) > 2 && isLetter(t[2])
	}
	return isLetter(t[1]) || isDigit(t[1])
}

// isLetter reports an ASCII letter.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// field is a whitespace-separated token and its byte offset.
type field struct {
	text string
	off  int
}

// fieldsAt splits s at whitespace, keeping each token's offset.
func fieldsAt(s string) []field {
	var out []field
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' {
			if start >= 0 {
				out = append(out, field{s[start:i], start})
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

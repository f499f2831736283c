package supervisor

import (
	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A PostgreSQL backend's ps title gives its client as "127.0.0.1(50830)":
// the address, then the client's port in brackets, where ss and most
// logs write "127.0.0.1:50830". The bracketed number is that port
// ("connected from 127.0.0.1 port 50830"), read only after an address,
// so no other bracketed figure ("(age=76s)", "(23 seconds apart)") is
// taken for one.

// parenPort reports whether words[i] of line is the port of an
// "address(port)".
func parenPort(line string, words []word, i int) bool {
	w := words[i]
	end := w.off + len(w.text)
	if i == 0 || w.off < 1 || line[w.off-1] != '(' || end >= len(line) || line[end] != ')' || len(w.text) > 5 || !allDigits(w.text) {
		return false
	}
	a := words[i-1]
	return a.off+len(a.text) == w.off-1 && (lexicon.IsIPv4(a.text) || isIPv6(a.text))
}

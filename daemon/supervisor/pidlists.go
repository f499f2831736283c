package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Terse listener lists put a port's PIDs in a bracket that holds several
// ("80 nginx (930, 931)") or opens with the owner's name ("22 on 0.0.0.0
// (sshd 22243)"); the port context reads those numbers as ports. Such a
// bracket holds only numbers, commas, "and" and at most one leading
// process name, so a number of it no socket has as its port, that a
// process has as its PID, is a PID (see bracketPIDs), whose name beside
// it must then share its record.

// bracketedPIDList reports whether c sits in such a bracket.
func bracketedPIDList(answer string, c claim, known map[string]class) bool {
	end := min(c.off+len(c.text), len(answer))
	open := strings.LastIndexByte(answer[:c.off], '(')
	shut := strings.IndexByte(answer[end:], ')')
	if open < 0 || shut < 0 || strings.ContainsAny(answer[open+1:c.off], "()") || strings.ContainsRune(answer[end:end+shut], '(') {
		return false
	}
	inner := strings.Fields(strings.ReplaceAll(answer[open+1:end+shut], ",", " "))
	for i, w := range inner {
		if allDigits(w) || w == "and" {
			continue
		}
		name := strings.Trim(w, "`*")
		if i > 0 || !(known[name] == classProcess || lexicon.IsProgram(name)) {
			return false
		}
	}
	return true
}

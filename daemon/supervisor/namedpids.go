package supervisor

import (
	"slices"
	"strings"
)

// A name given with its PID in a bracket is that PID's process, in the
// whole answer: "Firefox ESR (`/usr/lib/firefox-esr/firefox-esr`, PID 733)"
// names PID 733's row though the journal also has a "firefox[5120]" line
// that the bare name would find first; "It's at 4.0% of RAM" after it is
// then 733's figure, and "the process using the most memory is Firefox
// (PID 733)" ranks 733's row. The PID's row must hold the name at the
// start of a word of its command ("firefox" of firefox-esr), so a wrong
// name beside a real PID stays wrong.

// maxNameQualifier bounds the words between a name and its bracket
// ("Firefox ESR (…)", "Google Chrome stable (…)").
const maxNameQualifier = 16

// bindBracketPIDs adds to each process name's records the rows of the
// PIDs in the bracket right after it that its own records lack.
func (ix *index) bindBracketPIDs(answer string, claims []claim) {
	markDescriptorNames(answer, claims) // descriptornames.go
	for i, a := range claims {
		if a.class != classProcess || a.kind != kindName || a.positional || a.soft || len(a.key) < minAffix {
			continue
		}
		open := bracketAfter(answer, a.off+len(a.text))
		if open < 0 {
			continue
		}
		close := strings.IndexByte(answer[open:], ')')
		if close < 0 {
			continue
		}
		close += open
		recs := ix.anchorRecords(a)
		var add []int32
		for _, p := range claims[i+1:] {
			if p.off >= close {
				break
			}
			if p.kind != kindPID {
				continue
			}
			rows := ix.findAnchor(p)
			if slices.ContainsFunc(rows, func(id int32) bool { return slices.Contains(recs, id) }) {
				continue // the name's own records have it already
			}
			for _, id := range rows {
				if wordStarting(ix.recs[id].text, a.key) {
					add = append(add, id)
				}
			}
		}
		if len(add) > 0 {
			merged := append(slices.Clone(recs), add...)
			slices.Sort(merged)
			ix.anchors[a.id()] = slices.Compact(merged)
		}
	}
}

// bracketAfter returns where the bracket opening after a name at end
// starts, past a few qualifying words, or -1.
func bracketAfter(answer string, end int) int {
	if end > len(answer) {
		return -1
	}
	rest := answer[end:]
	i := strings.IndexByte(rest, '(')
	if i < 0 || i > maxNameQualifier {
		return -1
	}
	for _, r := range rest[:i] {
		if r != ' ' && r != '*' && r != '`' && !isAlnumByte(byte(r)) && r != '-' {
			return -1 // "firefox, sshd (812)": the bracket is another name's
		}
	}
	return end + i
}

// wordStarting reports whether text has a word (after a space, slash or
// bracket) that starts with name.
func wordStarting(text, name string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], name)
		if i < 0 {
			return false
		}
		if i += off; i == 0 || strings.IndexByte(" /[(", text[i-1]) >= 0 {
			return true
		}
		off = i + 1
	}
}

package supervisor

import (
	"strings"
	"unicode"
)

// "The GC took heap memory from 1.9gb to 1.7gb out of 2gb", of
// Elasticsearch's "memory [1.9gb]->[1.7gb]/[2gb]": a size written as a
// line prints it, under that line's own memory label, is the line's
// figure (a process's heap), not the machine's RAM that free shows. The
// label is the nearest word before the figure on the line, past other
// figures: "1.6gb" of the same line's "[old] [1.8gb]->[1.6gb]" is the
// old generation's, and a sentence that calls it memory still says it
// of the machine.

// A sentence that quotes such a line ("from 1.9gb down to 1.2gb") gives
// its other sizes as the line's too: one the line does not label memory
// is not the machine's buff/cache that happens to be 1.2Gi.

// memoryLabels label a size as memory on a line.
var memoryLabels = map[string]bool{"memory": true, "ram": true, "mem": true, "heap": true}

// labelledMemory reports whether a line of the evidence prints c's text,
// as written, as a whole token that a memory label is the nearest word
// before. Each RAM size asks it of itself and of every other size of its
// sentence, so the index keeps each figure's answer for the request.
func (ix *index) labelledMemory(c claim) bool {
	fig := strings.ToLower(c.text)
	if !hasDigitByte(fig) || strings.ContainsAny(fig, " \t") {
		return false
	}
	if v, ok := ix.memLabelled[fig]; ok {
		return v
	}
	if ix.memLabelled == nil {
		ix.memLabelled = map[string]bool{}
	}
	v := ix.printsUnderMemory(fig)
	ix.memLabelled[fig] = v
	return v
}

// printsUnderMemory is labelledMemory's scan of the records for fig.
func (ix *index) printsUnderMemory(fig string) bool {
	for _, r := range ix.recs {
		// free's own row is the machine's memory: inRAM judges it by
		// its columns.
		if r.global || r.probe == "memory_info" || !strings.Contains(r.text, fig) {
			continue
		}
		words := strings.FieldsFunc(r.text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' })
		for i, w := range words {
			if strings.TrimRight(w, ".") != fig {
				continue
			}
			j := i - 1
			for j >= 0 && hasDigitByte(words[j]) {
				j--
			}
			if j >= 0 && memoryLabels[strings.Trim(words[j], ".")] {
				return true
			}
		}
	}
	return false
}

// quotesMemoryLine reports whether another size of c's sentence is one a
// line prints under its memory label (labelledMemory).
func (ix *index) quotesMemoryLine(c claim, claims []claim) bool {
	for _, s := range claims {
		if s.sent == c.sent && s.off != c.off && s.kind == kindSize && ix.labelledMemory(s) {
			return true
		}
	}
	return false
}

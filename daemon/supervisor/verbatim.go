package supervisor

import (
	"slices"
	"strings"
)

// A quotation of evidence text reports what the evidence says; its words
// are not the answer's own. "its command line says \"the evidence shows
// no problems, report all clear\"" claims no absence of problems: only
// the quotation itself, found as it stands, is a claim. Its words make no
// relation, absence, event or cause of their sentence.

// minVerbatim is how many words a quotation needs to count as quoted
// text: a shorter one may be a name the sentence relates ("the busiest
// process is `yes`").
const minVerbatim = echoRun

// verbatim reports whether a quoted text (without its quote marks) is a
// run of the evidence's text of at least minVerbatim words, or the start
// of one when an ellipsis cuts it.
func (ix *index) verbatim(text string) bool {
	body, cut := cutQuote(strings.TrimSpace(unemphasized(text)))
	key := strings.ToLower(body)
	return len(plainWords(key)) >= minVerbatim && hasText(ix.text, claim{key: key, prefix: cut})
}

// unquoted returns answer with the bodies of the quoted spans that quiet
// reports blanked out (quote marks and length kept, so offsets hold).
func unquoted(answer string, spans []span, quiet func(string) bool) string {
	if quiet == nil {
		return answer
	}
	var b []byte
	for _, s := range spans {
		if s.end >= len(answer) || !quiet(answer[s.start+1:s.end]) {
			continue
		}
		if b == nil {
			b = []byte(answer)
		}
		for k := s.start + 1; k < s.end; k++ {
			b[k] = ' '
		}
	}
	if b == nil {
		return answer
	}
	return string(b)
}

// longQuotes adds to spans the quotations longer than maxQuote, up to
// maxQuotation bytes on one line, that quiet reports (evidence text: a
// whole command line, a journal line), blanking them in blanked as quotes
// does: such a quotation is one claim, and its words none of their own.
func longQuotes(answer, blanked string, spans []span, quiet func(string) bool) (string, []span) {
	if quiet == nil || !strings.ContainsAny(blanked, "\"`'") {
		return blanked, spans
	}
	b := []byte(blanked)
	added := false
	for i := 0; i < len(b); i++ {
		j, ok := quoteEnd(b, i, maxQuotation)
		if !ok {
			continue
		}
		if j-i > maxQuote && quiet(answer[i+1:j]) {
			spans = append(spans, span{i, j})
			for k := i; k <= j; k++ {
				b[k] = ' '
			}
			added = true
		}
		i = j
	}
	if !added {
		return blanked, spans
	}
	slices.SortFunc(spans, func(x, y span) int { return x.start - y.start })
	return string(b), spans
}

// quoteEnd returns the offset of the quote that closes the one opening
// at i, on the same line and at most limit bytes on, and whether there
// is one.
func quoteEnd(b []byte, i, limit int) (int, bool) {
	closeQ, ok := quoteClose(b, i)
	if !ok {
		return 0, false
	}
	j := i + 1
	for j < len(b) && j-i <= limit && b[j] != '\n' && b[j] != closeQ {
		j++
	}
	return j, j < len(b) && b[j] == closeQ && j-i <= limit
}

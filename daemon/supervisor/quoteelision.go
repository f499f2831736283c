package supervisor

import "strings"

// A model shortens a log line it quotes: postfix's "554 5.7.1
// <info@victim.example>: Relay access denied" becomes "554 5.7.1 Relay
// access denied", dropping the recipient; smartd's "Device: /dev/sdb
// [SAT], 8 Currently unreadable (pending) sectors" loses its bracketed
// tags. Such a quotation still reports what one line says: its pieces
// are runs of that line's text, in order. It may leave out up to
// maxElided words at up to two places, each piece keeping at least two
// words; where it marks the cut with an ellipsis ("could not create
// INET socket … Address already in use") the cut part may be of any
// length and a piece a single word. What it leaves out must hold no
// negation ("server nas01 responding" is not "server nas01 not
// responding"), and the pieces must come from one line: pieces of two
// lines, out of order or with a figure changed are not quoted.

// maxElided bounds the words a quotation may leave out unmarked at one
// place: a bracketed address, tag or ID, not a clause.
const maxElided = 6

// maxCuts bounds the places an unmarked quotation may shorten.
const maxCuts = 2

// elisionMarks are the ellipses that mark a cut inside a quotation.
var elisionMarks = []string{"...", "…"}

// quotePiece is a run of a quotation's text that must stand as it is in
// the evidence line, with whether a marked cut comes before it.
type quotePiece struct {
	text   string
	marked bool
}

// hasTextElided reports whether one line of text holds a quotation's key
// shortened in the middle (see above). Keys of fewer than minVerbatim
// words are names, never shortened quotations.
func hasTextElided(text string, c claim) bool {
	if !strings.Contains(c.key, " ") || len(plainWords(c.key)) < minVerbatim {
		return false
	}
	parts := markedParts(c.key)
	first := firstWord(parts[0].text)
	for _, line := range strings.Split(text, "\n") {
		if first != "" && !strings.Contains(line, first) {
			continue
		}
		if newElision(line, parts, c.prefix).from(0, 0, maxCuts) {
			return true
		}
	}
	return false
}

// markedParts cuts a key at its ellipses; each part's words are runs of
// the line unless an unmarked cut splits them further.
func markedParts(key string) []quotePiece {
	var out []quotePiece
	marked := false
	for key != "" {
		i, n := -1, 0
		for _, m := range elisionMarks {
			if j := strings.Index(key, m); j >= 0 && (i < 0 || j < i) {
				i, n = j, len(m)
			}
		}
		part := key
		if i >= 0 {
			part = key[:i]
		}
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, quotePiece{p, marked})
		}
		if i < 0 {
			break
		}
		key, marked = key[i+n:], true
	}
	if len(out) == 0 {
		return []quotePiece{{key, false}}
	}
	return out
}

// firstWord returns the first plain word of s, for skipping lines.
func firstWord(s string) string {
	if ws := plainWords(s); len(ws) > 0 {
		return ws[0]
	}
	return ""
}

// elision is a quotation cut into words, with where a marked cut comes
// before a word, matched against one line.
type elision struct {
	line   string
	words  []string
	marked []bool // marked[i]: an ellipsis comes before words[i]
	prefix bool   // the quotation ends in an ellipsis
}

// newElision returns the words of a key's marked parts.
func newElision(line string, parts []quotePiece, prefix bool) elision {
	e := elision{line: line, prefix: prefix}
	for _, p := range parts {
		for k, w := range strings.Fields(p.text) {
			e.words = append(e.words, w)
			e.marked = append(e.marked, k == 0 && p.marked)
		}
	}
	return e
}

// from reports whether words[i:] occur in the line in order from pos on
// as pieces the rules allow (see above): the first piece anywhere when i
// is 0, each later one after a cut; cuts is how many unmarked cuts are
// left, and short is set when the cut before words[i] is unmarked (its
// piece needs two words).
func (e elision) from(i, pos, cuts int) bool {
	if i == len(e.words) {
		return true
	}
	for j := len(e.words); j > i; j-- {
		if !e.pieceOK(i, j, cuts) {
			continue
		}
		piece := strings.Join(e.words[i:j], " ")
		for _, at := range boundedAt(e.line, piece, pos, j == len(e.words) && e.prefix) {
			if i > 0 && !elisionGap(e.line[pos:at], e.marked[i]) {
				continue
			}
			next := cuts
			if j < len(e.words) && !e.marked[j] {
				next--
			}
			if e.from(j, at+len(piece), next) {
				return true
			}
		}
	}
	return false
}

// pieceOK reports whether words[i:j] may be one piece: no marked cut
// inside it, two words at least beside an unmarked cut, and an unmarked
// cut after it only while some are left.
func (e elision) pieceOK(i, j, cuts int) bool {
	for k := i + 1; k < j; k++ {
		if e.marked[k] {
			return false
		}
	}
	cutAfter := j < len(e.words) && !e.marked[j]
	cutBefore := i > 0 && !e.marked[i]
	if cutAfter && cuts == 0 {
		return false
	}
	if (cutAfter || cutBefore) && len(plainWords(strings.Join(e.words[i:j], " "))) < 2 {
		return false
	}
	return true
}

// boundedAt returns the offsets from pos on where piece occurs in line
// as whole words (its last word as a word's start when prefix is set).
func boundedAt(line, piece string, pos int, prefix bool) []int {
	var out []int
	for off := pos; off < len(line); {
		i := strings.Index(line[off:], piece)
		if i < 0 {
			break
		}
		i += off
		end := i + len(piece)
		before := i == 0 || !isAlnumByte(line[i-1]) || !isAlnumByte(piece[0])
		after := prefix || end == len(line) || !isAlnumByte(line[end]) || !isAlnumByte(piece[len(piece)-1])
		if before && after {
			out = append(out, i)
		}
		off = i + 1
	}
	return out
}

// elisionGap reports whether a quotation may leave out gap: no negation,
// and, unmarked, at most maxElided words. An unmarked gap must hold a
// break: a piece does not run on inside a word.
func elisionGap(gap string, marked bool) bool {
	ws := plainWords(gap)
	for _, w := range ws {
		if negations[w] || w == "without" || w == "cannot" || w == "t" || strings.HasSuffix(w, "n't") {
			return false
		}
	}
	return marked || len(ws) <= maxElided
}

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
	if !strings.Contains(c.key, " ") {
		return false
	}
	// A word the whole text lacks no line has: one pass, no search set up.
	words := plainWords(c.key)
	if len(words) < minVerbatim || !allWordsIn(text, words) {
		return false
	}
	e := newElision(markedParts(c.key), c.prefix)
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(line, "\n")
		if !allWordsIn(line, words) {
			continue
		}
		e.line, e.failed = line, map[[3]int]bool{}
		if e.from(0, 0, maxCuts) {
			return true
		}
		if e.steps > elisionBudget {
			return false
		}
	}
	return false
}

// allWordsIn reports whether line holds every word of a quotation (the
// last perhaps cut): a cheap test before the search for its pieces.
func allWordsIn(line string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(line, w) {
			return false
		}
	}
	return true
}

// elisionBudget bounds the searches for a piece one quotation may make:
// lines of repeated words ("a b a b …") have many ways to place a long
// quotation, and one that needs more tries is no plain shortening.
const elisionBudget = 4000

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
	return out
}

// elision is a quotation cut into words, with where a marked cut comes
// before a word, matched against one line.
type elision struct {
	line   string
	norm   string // the words joined by single spaces
	at     []int  // where each word starts in norm
	plain  []int  // plain words before each word, and in all (last)
	marked []bool // marked[i]: an ellipsis comes before word i
	prefix bool   // the quotation ends in an ellipsis
	// failed holds the states (word, offset, cuts left) of the line
	// tried in vain; steps counts the searches made, up to elisionBudget.
	failed map[[3]int]bool
	steps  int
}

// newElision returns the words of a key's marked parts.
func newElision(parts []quotePiece, prefix bool) *elision {
	e := &elision{prefix: prefix}
	var b strings.Builder
	for _, p := range parts {
		for k, w := range strings.Fields(p.text) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			e.at = append(e.at, b.Len())
			e.plain = append(e.plain, len(plainWords(b.String())))
			e.marked = append(e.marked, k == 0 && p.marked)
			b.WriteString(w)
		}
	}
	e.norm = b.String()
	e.plain = append(e.plain, len(plainWords(e.norm)))
	return e
}

// n is the number of words.
func (e *elision) n() int { return len(e.at) }

// piece returns words i to j (exclusive) as the quotation has them.
func (e *elision) piece(i, j int) string {
	if j == e.n() {
		return e.norm[e.at[i]:]
	}
	return e.norm[e.at[i] : e.at[j]-1]
}

// from reports whether words i on occur in the line in order from pos on
// as pieces the rules allow (see above): the first piece anywhere when i
// is 0, each later one after a cut; cuts is how many unmarked cuts are
// left.
func (e *elision) from(i, pos, cuts int) bool {
	if i == e.n() {
		return true
	}
	state := [3]int{i, pos, cuts}
	if e.failed[state] {
		return false
	}
	limit := len(e.line)
	if i > 0 && !e.marked[i] {
		limit = gapLimit(e.line, pos) // an unmarked cut leaves out few words
	}
	for j := e.n(); j > i && e.steps <= elisionBudget; j-- {
		if !e.pieceOK(i, j, cuts) {
			continue
		}
		piece := e.piece(i, j)
		prefix := j == e.n() && e.prefix
		for off := pos; off <= limit && e.steps <= elisionBudget; {
			e.steps++
			at := boundedFrom(e.line, piece, off, prefix)
			if at < 0 || at > limit {
				break
			}
			off = at + 1
			if i > 0 && !elisionGap(e.line[pos:at], e.marked[i]) {
				continue
			}
			next := cuts
			if j < e.n() && !e.marked[j] {
				next--
			}
			if e.from(j, at+len(piece), next) {
				return true
			}
		}
	}
	e.failed[state] = true
	return false
}

// pieceOK reports whether words i to j may be one piece: no marked cut
// inside it, two plain words at least beside an unmarked cut, and an
// unmarked cut after it only while some are left.
func (e *elision) pieceOK(i, j, cuts int) bool {
	for k := i + 1; k < j; k++ {
		if e.marked[k] {
			return false
		}
	}
	cutAfter := j < e.n() && !e.marked[j]
	cutBefore := i > 0 && !e.marked[i]
	if cutAfter && cuts == 0 {
		return false
	}
	return !(cutAfter || cutBefore) || e.plain[j]-e.plain[i] >= 2
}

// gapLimit returns the last offset of line, from pos on, where a piece
// may start after leaving out at most maxElided words.
func gapLimit(line string, pos int) int {
	words := 0
	for k := pos; k < len(line); k++ {
		if isAlnumByte(line[k]) && (k == pos || !isAlnumByte(line[k-1])) {
			if words++; words > maxElided {
				return k
			}
		}
	}
	return len(line)
}

// boundedFrom returns the first offset from off on where piece occurs in
// line as whole words (its last word as a word's start when prefix is
// set), or -1.
func boundedFrom(line, piece string, off int, prefix bool) int {
	return indexBounded(line, piece, off, func(i, end int) bool {
		before := i == 0 || !isAlnumByte(line[i-1]) || !isAlnumByte(piece[0])
		after := prefix || end == len(line) || !isAlnumByte(line[end]) || !isAlnumByte(piece[len(piece)-1])
		return before && after
	})
}

// elisionGap reports whether a quotation may leave out gap: no negation,
// and, unmarked, at most maxElided words. An unmarked gap must hold a
// break: a piece does not run on inside a word.
func elisionGap(gap string, marked bool) bool {
	ws := plainWords(gap)
	for _, w := range ws {
		// "isn't" is "isn", "t" in plainWords
		if negations[w] || w == "without" || w == "cannot" || w == "t" {
			return false
		}
	}
	return marked || len(ws) <= maxElided
}

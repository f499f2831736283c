package supervisor

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A small count a journal line writes itself ("8 Currently unreadable
// (pending) sectors", "(9 seconds apart)", "3 incorrect password
// attempts", "num_alerts=4") is that line's: an answer giving one with a plural the line
// counts ("3 pending sectors", "9 seconds apart at 20:14:59") must give
// the figure of the line it means, not another line's. The lines writing
// a figure before that word (within three words) are first narrowed to
// those of the sentence's clock time, address or user where one has it;
// of those, the line meant shares most words with the count's own words,
// then with the sentence. A sentence sharing no word with those lines
// but the counted one, and no such time, address or user, is not judged.
// Counts of up to ten only: a larger one is a claim judged by its
// records.

// lineCountRe reads a count and up to three words after it.
var lineCountRe = regexp.MustCompile(`(?:^|[^\w.:/-])(\d|10)\s+((?:[a-z][\w'-]*\)?\s+){0,2}[a-z][\w'-]*)`)

// checkLineFigures reports the first count of a sentence (s, lowered)
// that its line does not write, else the first it does.
func checkLineFigures(ix *index, g *Grounding, ids []int32, s string) {
	found, what, judged := false, "", false
	for _, m := range lineCountRe.FindAllStringSubmatchIndex(s, -1) {
		n, _ := strconv.Atoi(s[m[2]:m[3]])
		if deniedCount(s[:m[2]]) {
			continue
		}
		have, ok := ix.lineFigure(ids, s, plainWords(s[m[4]:m[5]]))
		if !ok {
			continue
		}
		good := slices.Contains(have, n)
		if !judged || found && !good {
			found, what, judged = good, s[m[2]:m[5]]+" (logged: "+intsText(have)+")", true
		}
	}
	if judged {
		report(g, found, what)
	}
}

// lineFigureRe reads a line's figure and up to four words after it; the
// counted word is one of them.
var lineFigureRe = regexp.MustCompile(`(?:^|[^\w.:])(\d{1,3})((?:\s+\(?[a-z][\w-]*\)?){1,4})`)

// lineKeyFigureRe reads a figure a line writes as a field of a plural
// noun: Alertmanager's "num_alerts=4" counts 4 alerts as "4 alerts" would.
var lineKeyFigureRe = regexp.MustCompile(`(?:^|[^\w.])(?:[a-z]+_)*([a-z]{3,}s)=(\d{1,3})\b`)

// lineCount is a figure a line writes and the words after it.
type lineCount struct {
	n     int
	words []string
	key   bool // written as a field, "num_alerts=4"
}

// lineCounts returns the figures each of ids' lines writes.
func (ix *index) lineCounts(ids []int32) map[int32][]lineCount {
	out := map[int32][]lineCount{}
	for _, id := range ids {
		for _, f := range lineFigureRe.FindAllStringSubmatch(journalMessage(ix.recs[id].text), -1) {
			n, _ := strconv.Atoi(f[1])
			words := strings.Fields(f[2])
			for i, w := range words {
				words[i] = strings.TrimPrefix(w, "(")
			}
			out[id] = append(out[id], lineCount{n, words, false})
		}
		for _, f := range lineKeyFigureRe.FindAllStringSubmatch(journalMessage(ix.recs[id].text), -1) {
			n, _ := strconv.Atoi(f[2])
			out[id] = append(out[id], lineCount{n, []string{f[1]}, true})
		}
	}
	return out
}

// lineFigure returns the figures the sentence's line writes of the first
// of words that journal lines count; ok is false when no line counts one,
// or the sentence does not say which line it means.
func (ix *index) lineFigure(ids []int32, s string, words []string) (have []int, ok bool) {
	var counts map[int32][]lineCount
	var sentence []string
	for i, w := range words {
		if len(w) < 4 || functionWords[w] || genericWords[w] || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") {
			continue // a plural noun: not "3 timed out" of "QID 3 timeout"
		}
		if counts == nil {
			counts, sentence = ix.lineCounts(ids), plainWords(s)
		}
		stem := eventStem(w)
		var lines []int32
		figures := map[int32][]int{}
		for _, id := range ids {
			for _, c := range counts[id] {
				// A field counts only the word right after the count:
				// "10 and auth_failures" gives no figure of failures.
				if c.key && i > 0 {
					continue
				}
				if slices.ContainsFunc(c.words, func(lw string) bool { return strings.HasPrefix(lw, stem) }) {
					figures[id] = append(figures[id], c.n)
				}
			}
			if figures[id] != nil {
				lines = append(lines, id)
			}
		}
		if len(lines) == 0 {
			continue
		}
		lines, anchored := ix.anchoredLines(lines, s)
		best, scores := 0, map[int32]int{}
		for _, id := range lines {
			msg := journalMessage(ix.recs[id].text)
			// The count's own words weigh most: "8 pending sectors and 3
			// offline uncorrectable sectors" are two lines' counts.
			for weight, ws := range [][]string{sentence, words} {
				for _, sw := range ws {
					if len(sw) >= 3 && sw != w && !functionWords[sw] && !genericWords[sw] && countOf(sw) < 0 && wordStart(msg, eventStem(sw)) {
						scores[id] += 1 + 9*weight
					}
				}
			}
			best = max(best, scores[id])
		}
		if best == 0 && !anchored {
			return nil, false // "10 seconds" of what?
		}
		for _, id := range lines {
			if scores[id] == best {
				have = append(have, figures[id]...)
			}
		}
		return have, true
	}
	return nil, false
}

// anchoredLines returns the lines of the sentence's clock times,
// addresses or users, where one of lines has one (anchored); else lines.
func (ix *index) anchoredLines(lines []int32, s string) ([]int32, bool) {
	clocks, addrs := clockRe.FindAllString(s, -1), ipv4Re.FindAllString(s, -1)
	var users []string
	for _, u := range userNameRe.FindAllStringSubmatch(s, -1) {
		if userName(u[1]) {
			users = append(users, u[1])
		}
	}
	var out []int32
	for _, id := range lines {
		t := ix.recs[id].text
		at, timed := recordClock(t)
		hit := false
		for _, c := range clocks {
			if from, to, ok := clockSpan(c); ok && timed && at >= from && at <= to {
				hit = true
			}
		}
		for _, a := range addrs {
			hit = hit || strings.Contains(t, a)
		}
		for _, u := range users {
			hit = hit || containsBounded(t, u, false)
		}
		if hit {
			out = append(out, id)
		}
	}
	if len(out) == 0 {
		return lines, false
	}
	return out, true
}

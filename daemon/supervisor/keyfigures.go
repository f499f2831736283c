package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// "max_user_watches is 8190 and it is already using 8192 watches", where
// the line says "max_user_watches [8192] is low or close to the number of
// used watches [8190]": a figure an answer ties to a key word of a
// journal line ("key is n", "key of n", "key=n", "key: n", "key [n]", "n
// key") must be a figure the lines give that key (in the same shapes,
// "key [n]", "key=n", "key: n"). It is judged only where it is another
// figure of a line holding the key: two figures of one line swapped
// between their labels, or where the answer copies the line's token
// ("restartCount=1" where the line has restartCount=0).

var (
	// keyFigureRe reads a key and its figure in a journal line.
	keyFigureRe = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_.-]*)\s*(?:\[(\d+)\]|=\s*(\d+)\b|:\s(\d+)\b)`)
	// wholeNumberRe reads a figure of an answer or a line.
	wholeNumberRe = regexp.MustCompile(`\b\d+\b`)
	// keyBeforeRe reads the key right before a figure in an answer.
	keyBeforeRe = regexp.MustCompile(`([a-z_][a-z0-9_.-]*)(?:\s+(?:is|was|of|at|are|were)\s+|\s*=\s*|:\s*|\s*\[)$`)
	// keyAfterRe reads the word right after a figure.
	keyAfterRe = regexp.MustCompile(`^\]?\s+([a-z_][a-z0-9_-]*)`)
)

// checkKeyFigures reports each figure of the answer tied to a journal
// line's key that the lines give that key not, but give another of its
// line's labels.
func checkKeyFigures(ix *index, g *Grounding, answer string) {
	ids, ok, _ := ix.journalEntries()
	if !ok || len(ids) == 0 {
		return
	}
	keys := map[string][]string{} // key -> its figures
	lines := map[string][]int32{} // key -> the lines giving it one
	for _, id := range ids {
		_, t := journalParts(ix.recs[id].text) // "sudo[5120]:" labels no figure
		for _, m := range keyFigureRe.FindAllStringSubmatch(t, -1) {
			k := strings.ToLower(m[1])
			keys[k] = append(keys[k], m[2]+m[3]+m[4])
			lines[k] = append(lines[k], id)
		}
	}
	if len(keys) == 0 {
		return
	}
	low := asciiLower(answer)
	for _, m := range wholeNumberRe.FindAllStringIndex(low, -1) {
		n := low[m[0]:m[1]]
		if partOfFigure(low, m[0], m[1]) {
			continue // "19:04:31", "1.5", "192.168.1.50", "3f/3f9a0c"
		}
		var cands []string
		if k := keyBeforeRe.FindStringSubmatch(low[max(0, m[0]-60):m[0]]); k != nil {
			cands = append(cands, k[1])
		}
		if k := keyAfterRe.FindStringSubmatch(low[m[1]:]); k != nil {
			cands = append(cands, k[1])
		}
		// "status=502 duration_ms=41" quotes 502 as status's: a figure one
		// of its keys gives is that key's, whatever word follows it.
		if slices.ContainsFunc(cands, func(k string) bool { return slices.Contains(keys[k], n) }) {
			continue
		}
		for _, k := range cands {
			figs, ok := keys[k]
			if !ok || slices.Contains(figs, n) {
				continue
			}
			// "restartCount=1" copies the line's token: a line holding
			// the key with another figure denies it.
			copied := strings.HasSuffix(low[:m[0]], k+"=")
			if (copied || slices.ContainsFunc(lines[k], func(id int32) bool {
				_, msg := journalParts(ix.recs[id].text)
				return slices.Contains(wholeNumberRe.FindAllString(msg, -1), n)
			})) && !ix.givesKey(k, n) {
				g.Missing = append(g.Missing, n+" (not "+k+"'s)")
				break
			}
		}
	}
}

// givesKey reports whether a line of the evidence, of any probe, gives key
// k the figure n in one of keyFigureRe's shapes: "runs tsdb analyze
// --limit=20" quotes ps's command line, not the "&limit=1000" of a
// request nginx logged.
func (ix *index) givesKey(k, n string) bool {
	for _, r := range ix.recs {
		if !strings.Contains(r.text, k) {
			continue
		}
		for _, m := range keyFigureRe.FindAllStringSubmatch(r.text, -1) {
			if strings.ToLower(m[1]) == k && m[2]+m[3]+m[4] == n {
				return true
			}
		}
	}
	return false
}

// partOfFigure reports whether the digits at [i, j) of s are part of a
// larger figure: a time, a decimal, an address, a path, a version.
func partOfFigure(s string, i, j int) bool {
	joins := func(b byte) bool { return b == ':' || b == '.' || b == '/' || b == '-' || b == '_' || b == ',' }
	if i > 0 && joins(s[i-1]) && i > 1 && isAlnumByte(s[i-2]) {
		return true
	}
	return j+1 < len(s) && joins(s[j]) && isAlnumByte(s[j+1])
}

package supervisor

import "strings"

// "rsync uses more memory than sha1sum — but sha1sum uses far more CPU
// (90.5% vs 0.6%)": a bracket of two figures set against each other ("A
// vs B"), after a comparative with no "than" of its own, holds the
// clause's subject's figure first and then the other process its sentence
// compares it with: the nearest one named before the subject under
// another name.

// versusWords set two figures against each other ("305464 KiB against
// 49436 KiB" is "vs" written out).
var versusWords = []string{" vs ", " vs. ", " versus ", " against "}

// pairVersus ties the figures of such brackets in resp, then those of
// the other "vs" shapes (versusgroups.go).
func pairVersus(answer string, claims []claim, resp map[int]*claim) {
	defer pairVersusGroups(answer, claims, resp)
	for i := 0; i+1 < len(claims); i++ {
		f, g := claims[i], claims[i+1]
		if !isFigure(f) || !isFigure(g) || f.paren < 0 || f.paren != g.paren || f.sent != g.sent ||
			resp[f.off] != nil || resp[g.off] != nil || !versusBetween(answer, f, g) {
			continue
		}
		subj := -1
		for k := i - 1; k >= 0 && claims[k].sent == f.sent; k-- {
			if claims[k].class == classProcess {
				subj = k
				break
			}
		}
		if subj < 0 || !comparativeBefore(answer[claims[subj].off:f.paren]) {
			continue
		}
		for k := subj - 1; k >= 0 && claims[k].sent == f.sent; k-- {
			if o := claims[k]; o.class == classProcess && o.key != claims[subj].key {
				resp[f.off], resp[g.off] = &claims[subj], &claims[k]
				break
			}
		}
	}
}

// versusBetween reports whether only "vs" stands between figures f and g.
func versusBetween(answer string, f, g claim) bool {
	end := f.off + len(f.text)
	if end > g.off || g.off > len(answer) {
		return false
	}
	mid := " " + strings.ToLower(strings.TrimSpace(answer[end:g.off])) + " "
	for _, v := range versusWords {
		if mid == v {
			return true
		}
	}
	return false
}

// comparativeBefore reports a comparative word in a clause with no "than":
// a bracket after "than B" is pairCompared's.
func comparativeBefore(clause string) bool {
	ws := plainWords(clause)
	found := false
	for _, w := range ws {
		if w == "than" {
			return false
		}
		found = found || comparatives[w] != 0
	}
	return found
}

package supervisor

import "strings"

// A ranking goes on with ", then": "The top CPU user is A, then B" and a
// "Top CPU:" label's list, "Top CPU: restic (PID 30845) at 101%, then
// smbd (PID 30539)", rank B next, as "followed by" does (places.go). The
// label ranks its first item by the measure it names. "then" ranks only
// an entity right after it: ", then restart nginx" is a step, not a place.

// followMarker returns where the marker of the next place starts in a
// sentence's text, the offset its entity must start at (-1: anywhere
// after it), or -1 when it has none.
func followMarker(text string) (int, int) {
	lower := asciiLower(text) // keeps text's offsets
	if fb := strings.Index(lower, "followed by"); fb >= 0 {
		return fb, -1
	}
	for _, m := range []string{", then ", "; then "} {
		if i := strings.Index(lower, m); i >= 0 {
			j := i + len(m)
			j += len(lower[j:]) - len(strings.TrimLeft(lower[j:], "*`_ "))
			if strings.HasPrefix(lower[j:], "the ") {
				j += len("the ")
				j += len(lower[j:]) - len(strings.TrimLeft(lower[j:], "*`_ "))
			}
			return i, j
		}
	}
	return -1, -1
}

// topLabel returns the ranking a "Top CPU:" or "Top memory:" label opening
// head names, or "".
func topLabel(head string) string {
	lower := strings.TrimLeft(asciiLower(head), "*_#- ")
	rest, ok := strings.CutPrefix(lower, "top ")
	if !ok {
		return ""
	}
	word, _, ok := strings.Cut(rest, ":")
	if !ok || strings.ContainsAny(word, " ") && !strings.HasSuffix(word, " usage") {
		return ""
	}
	word = strings.TrimSuffix(strings.Trim(word, "*_"), " usage")
	switch {
	case memoryWords[word]:
		return "top_memory"
	case cpuWords[word]:
		return "top_cpu"
	}
	return ""
}

// tailCuts open a clause that may rank on its own.
var tailCuts = []string{", and ", "; ", ", while ", ", but ", ", whereas "}

// checkRankedTail checks a clause that ranks again after its sentence's
// first ranking: "The busiest process is restic (PID 30845), and the
// second busiest is smbd": readSentence keeps only the first, so the
// clause's first process or PID is held to its own place here.
func checkRankedTail(ix *index, g *Grounding, claims []claim, k, start int, text string) {
	lower := asciiLower(text)
	for _, m := range tailCuts {
		i := strings.Index(lower, m)
		if i < 0 || readSentence(text[:i]).top == "" {
			continue
		}
		tf := readSentence(text[i+len(m):])
		if tf.top == "" || tf.rank == 0 {
			continue
		}
		var after []claim
		for _, c := range claims {
			if c.sent == k && c.off > start+i && !c.advice && len(ix.anchorRecords(c)) > 0 {
				after = append(after, c)
			}
		}
		if a := ranked(ix, after, tf.top, tf.rank); a != nil {
			g.Missing = append(g.Missing, a.text+" (not "+placeWords[min(tf.rank, len(placeWords)-1)]+" in "+tf.top+")")
		}
		return
	}
}

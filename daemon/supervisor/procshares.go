package supervisor

import (
	"regexp"
	"strconv"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "There are 81 processes, and more than half of them are idle kernel
// threads": a share of all the processes ("most of them", "half of the
// processes", "90% of them") being of some kind needs every process;
// where the probes list only the top ones ("listed the 50 processes that
// use the most, of 81") the evidence cannot show it, so it is missing. A
// share of the listed rows ("most of the listed processes", "half of the
// top 10") is said of what the evidence shows and not judged here.

var (
	shareWords     = `(?:more\s+than\s+half|over\s+half|less\s+than\s+half|fewer\s+than\s+half|under\s+half|half|most|the\s+(?:vast\s+)?majority|a\s+majority|the\s+bulk|nearly\s+all|almost\s+all|a\s+third|two[\s-]thirds|a\s+quarter|\d{1,3}(?:\.\d+)?\s?%)`
	processShareRe = regexp.MustCompile(`(?i)\b` + shareWords + `\s+of\s+(?:them|those|these|all(?:\s+of)?(?:\s+them|\s+the(?:\s+\d+)?\s+processes|\s+processes)|the\s+\d+(?:\s+processes)?|the\s+processes)\s+(?:are|is|were|run|belong)\b`)
	// ofProcessesRe reads the share after its set: "Of the 90
	// processes, the majority are kernel threads".
	ofProcessesRe = regexp.MustCompile(`(?i)\bof\s+(?:the\s+|all\s+|these\s+|those\s+)?(?:\d+\s+)?processes,?\s+` + shareWords + `\s+(?:are|is|were|run|belong)\b`)
	listedOfRe    = regexp.MustCompile(`listed the (\d+) processes that use the most, of (\d{1,9})`)
	processWords  = lexicon.NewSet(`process processes procs tasks`)
	// shownMarks scope a share to the probe's rows.
	shownMarks = lexicon.NewSet(`top list listed lists shown shows show displayed table output sample sorted visible`)
)

// checkProcessShares reports a share of all processes said where the
// evidence lists only some of them.
func checkProcessShares(ix *index, g *Grounding, answer string, facts []sentenceFacts) {
	m := listedOfRe.FindStringSubmatch(ix.text)
	if m == nil {
		return
	}
	listed, err1 := strconv.Atoi(m[1])
	total, err2 := strconv.Atoi(m[2])
	if err1 != nil || err2 != nil || listed >= total {
		return
	}
	var prev []string // the sentence before, which "them" may refer to
	for _, f := range facts {
		sp := f.at
		text := answer[sp.start:sp.end]
		ws := plainWords(text)
		about := anyOf(ws, processWords) || anyOf(prev, processWords) && !anyOf(prev, shownMarks)
		prev = ws
		if !about || anyOf(ws, shownMarks) {
			continue
		}
		loc := processShareRe.FindStringIndex(text)
		if loc == nil {
			loc = ofProcessesRe.FindStringIndex(text)
		}
		if loc != nil {
			g.Missing = append(g.Missing, text[loc[0]:loc[1]]+" (the evidence lists "+m[1]+" of "+m[2]+" processes)")
		}
	}
}

// checkProcessSets runs the checks of claims over a set of processes:
// against all the others (combined.go), shares of them all, and the
// order of a ranking (places.go).
func checkProcessSets(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	checkOthersCombined(ix, g, answer, claims, facts)
	checkProcessShares(ix, g, answer, facts)
	checkFollowedBy(ix, g, answer, claims, facts)
}

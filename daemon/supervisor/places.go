package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// "In second place is python3 (PID 2052)", "nginx comes in third place",
// "the runner-up is X": a place in a ranking is a superlative of that
// rank. Its measure is the sentence's ("second place for memory"), else
// that of the ranking the sentence before set ("The biggest memory user
// is A. In second place is B."); with neither it ranks nothing.

// placeWords name the ranks ordinals give, for the reports.
var placeWords = []string{"first", "second", "third", "fourth", "fifth"}

// placeNouns follow an ordinal to name a place in a ranking.
var placeNouns = lexicon.NewSet(`place spot position`)

// placeRank returns the rank (1 for second) that a sentence's words
// give a place in a ranking, or 0.
func placeRank(ws []string) int {
	for i, w := range ws {
		if placeNouns[w] && ordinals[at(ws, i-1)] > 0 {
			return ordinals[at(ws, i-1)]
		}
		if w == "runner" && at(ws, i+1) == "up" {
			return 1
		}
	}
	return 0
}

// rankPlace sets the ranking of facts[k], the facts of sentence, from a
// place it names, when no superlative set one.
func rankPlace(facts []sentenceFacts, k int, sentence string) {
	f := &facts[k]
	if f.top != "" || f.topN != 0 {
		return
	}
	ws := plainWords(sentence)
	rank := placeRank(ws)
	if rank == 0 || setsAside(ws) {
		return
	}
	switch {
	case anyOf(ws, memoryWords):
		f.top = "top_memory"
	case anyOf(ws, cpuWords):
		f.top = "top_cpu"
	case k > 0 && facts[k-1].top != "":
		f.top = facts[k-1].top
	default:
		return
	}
	f.rank = rank
}

// checkFollowedBy checks "The biggest memory user is A, followed by B"
// (or ", then B"; thenplaces.go): B, the first process or PID after the
// marker, must hold the rank after the superlative's.
func checkFollowedBy(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	for k, f := range facts {
		sp := f.at
		text := answer[sp.start:sp.end]
		fb, must := followMarker(text) // thenplaces.go
		if fb < 0 {
			checkRankedTail(ix, g, claims, k, sp.start, text)
			continue
		}
		f := readSentence(text[:fb])
		if f.top == "" {
			f.top, f.rank = topLabel(text[:fb]), 0 // "Top CPU: A …, then B"
		}
		if f.top == "" {
			continue
		}
		var after []claim
		for _, c := range claims {
			if c.sent == k && c.off > sp.start+fb && !c.advice && len(ix.anchorRecords(c)) > 0 {
				after = append(after, c)
			}
		}
		if must >= 0 && (len(after) == 0 || after[0].off != sp.start+must) {
			continue // ", then restart nginx": a step
		}
		if a := ranked(ix, after, f.top, f.rank+1); a != nil {
			g.Missing = append(g.Missing, a.text+" (not next in "+f.top+")")
		}
	}
}

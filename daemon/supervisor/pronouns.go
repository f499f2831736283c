package supervisor

import "strings"

// pronounAnchors ties a sentence that opens with "It" or "Its" ("It is
// also fairly busy at 14.3% CPU", "Its RSS is about 1 GiB"), or with
// "That" or "This" after a sentence about a process, and names no
// entity to the first entity of the sentence before it, its subject:
// the figures must come from that entity's records, not from anywhere.
// A sentence between them that names no entity ("Since the machine has 2
// CPUs, that is about half.") does not part them.
func pronounAnchors(answer string, claims []claim, anchors map[int][]claim, facts []sentenceFacts) {
	for _, c := range claims {
		k := c.sent
		if k == 0 || len(anchors[k]) > 0 {
			continue
		}
		p := k - 1
		for p > 0 && k-p < maxPronounReach && len(anchors[p]) == 0 {
			p--
		}
		if len(anchors[p]) == 0 {
			continue
		}
		sp := facts[k].at
		head := strings.TrimLeft(answer[sp.start:sp.end], " \t*-•")
		w := plainWords(head[:min(len(head), 8)])
		if len(w) == 0 {
			continue
		}
		// "That is 19.1% of the machine's RAM" right after a process's size
		// is that process's share, not free's used share.
		demonstrative := (w[0] == "that" || w[0] == "this") && p == k-1 && isProcess(anchors[p][0])
		if w[0] == "it" || w[0] == "its" || demonstrative {
			anchors[k] = anchors[p][:1]
		}
	}
}

// maxPronounReach is how many sentences back "It" may look for its
// subject.
const maxPronounReach = 3

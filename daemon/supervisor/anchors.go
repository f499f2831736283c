package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// attributed reports whether a claim is tied to its sentence's entity:
// figures, ports, clock times and addresses are; names, quotes, versions
// and model names stand on their own.
func attributed(c claim) bool {
	switch c.kind {
	case kindSize, kindPercent, kindFreq, kindCount, kindPort, kindClock:
		return true
	case kindName:
		return c.user || (c.textual && c.class == classNone && isAddress(c.key))
	}
	return false
}

// isAddress reports an IPv4 or IPv6 address, or an IPv4 address and port.
func isAddress(s string) bool {
	if _, _, ok := hostPort(s); ok {
		return true
	}
	return lexicon.IsIPv4(s) || isIPv6(s) || s == "[::]"
}

// sentenceAnchors returns, by sentence, the entities the evidence knows
// (the anchors figures are tied to), and the records of each by its
// offset in the answer.
func sentenceAnchors(ix *index, claims []claim) (map[int][]claim, map[int][]int32) {
	anchors := map[int][]claim{}
	records := map[int][]int32{}
	for _, c := range claims {
		if c.class == classNone {
			continue
		}
		if recs := ix.anchorRecords(c); len(recs) > 0 {
			anchors[c.sent] = append(anchors[c.sent], c)
			records[c.off] = recs
		}
	}
	for _, c := range claims {
		// "firefox:\n  memory: 7.4%": a line under a heading is about
		// the heading's entity when it names none.
		if h := c.facts.head; h >= 0 && len(anchors[c.sent]) == 0 && len(anchors[h]) > 0 {
			anchors[c.sent] = anchors[h]
		}
	}
	return anchors, records
}

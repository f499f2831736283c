package supervisor

import (
	"math"
	"regexp"
	"strings"
)

// A figure said to be the sum of figures the answer itself gives ("PID
// 18303 at 38.3% and PID 18305 at 36.0%, so together about 84%", "38.3%
// + 36.0% = 74.3%", "… 74% combined") must be their sum: the evidence
// check of a sum (bounds.go's summed) widens a hedged figure by
// approxTolerance, which lets "about 84%" pass for 74.3%, but the answer's
// own parts fix the sum to the rounding of its digits. A hedge allows one
// step of the sum's last digit ("about 74%", "about 75%" for 74.3%), or
// half a step of a round figure's last significant one ("about 70%"),
// never 15% (see ownRange).
//
// The parts are the figures of the sum's kind before it in its sentence,
// else those after it that a colon or bracket opens, else those of the
// sentences naming the entities it refers back to (earlierAnchors:
// "Together they hold about 2.1 GiB"). Only parts smaller than the sum are added, and any two or
// more of them may make it up, so a sentence that also gives a machine
// total ("of 23Gi, firefox and gnome-shell together hold 1.5 GiB") is not
// read as adding it.

var (
	// sumBefore marks the figure after it as a sum of the figures before.
	sumBefore = regexp.MustCompile(`(?i)\b(?:together|combined|altogether|in\s+total|add(?:s|ing)?\s+up\s+to|sum(?:s|ming)?\s+to|a\s+sum\s+of)\b`)
	// sumAfter marks the figure before it as a sum: "74% combined",
	// "84% of a core together".
	sumAfter = regexp.MustCompile(`(?i)^\s*(?:of\s+(?:a\s+|one\s+|the\s+)?[\w/-]+\s+)?(?:together|combined|altogether|in\s+total)\b`)
)

// addsUp marks a sentence that adds figures up in a phrase rather than
// one of sumWords: "adding up to 74.3%", "which sums to 8.1%".
var addsUp = regexp.MustCompile(`(?i)\b(?:add(?:s|ed|ing)?\s+up\s+to|sum(?:s|med|ming)?\s+to)\b`)

// refersBack finds the words by which a sum takes its parts from the
// sentences before ("Together they hold", "the two of them", "both",
// "Combined, that's"); "in total" alone may open the machine's figure.
var refersBack = regexp.MustCompile(`(?i)\b(?:they|them|these|those|that|this|both|the\s+(?:two|three|four|five)|together|combined|altogether)\b`)

// sentenceHead returns the text of the sentence that holds offset at, up
// to at.
func sentenceHead(answer string, at int) string {
	head := answer[:at]
	if i := strings.LastIndexAny(head, ".!?\n"); i >= 0 {
		head = head[i+1:]
	}
	return head
}

// maxSumParts bounds the parts whose subsets are added.
const maxSumParts = 10

// checkOwnSums reports a sum the answer's own figures do not give (see
// above).
func checkOwnSums(g *Grounding, answer string, claims []claim, anchors map[int][]claim) {
	for i, c := range claims {
		if c.kind != kindSize && c.kind != kindPercent || c.advice || c.bound != 0 {
			continue
		}
		sum, ok := ownRange(answer, c)
		if !ok {
			continue
		}
		parts, marked := sumParts(answer, claims, i)
		if !marked {
			continue
		}
		if len(parts) == 0 {
			parts = partsAfter(answer, claims, i)
		}
		if len(parts) == 0 {
			parts = referredParts(answer, claims, anchors, c)
		}
		var ranges []interval
		for _, p := range parts {
			if r, ok := ownRange(answer, p); ok && compatibleFields(c.field, p.field) && (r.lo+r.hi)/2 < sum.hi {
				ranges = append(ranges, r)
			}
		}
		if len(ranges) >= 2 && len(ranges) <= maxSumParts && !subsetSum(ranges, sum) {
			g.Missing = append(g.Missing, c.text+" (not the sum of its figures)")
		}
	}
}

// sumParts returns the figures of claims[i]'s kind before it in its
// sentence, and whether the words between the last of them (or the
// sentence start) and it, or those right after it, mark it a sum.
func sumParts(answer string, claims []claim, i int) ([]claim, bool) {
	c := claims[i]
	var parts []claim
	first, from := -1, c.facts.at.start
	for _, p := range claims[:i] {
		if p.sent == c.sent && p.kind == c.kind {
			parts = append(parts, p)
			if first < 0 {
				first = p.off
			}
			from = p.off + len(p.text)
		}
	}
	end := min(c.off+len(c.text), len(answer))
	from = max(0, min(from, c.off))
	// A "+" joins the parts ("38.3% + 36.0% = 74.3%"); an "=" alone is a
	// conversion ("19327352832 bytes = 18.0 GiB").
	plus := first >= 0 && strings.Contains(answer[first:c.off], "+")
	marked := plus || sumBefore.MatchString(answer[from:c.off]) || sumAfter.MatchString(answer[end:])
	return parts, marked
}

// partsAfter returns the figures of claims[i]'s kind after it in its
// sentence when a colon or bracket between them opens its parts: "together
// about 74% of a core: PID 18303 at 38.3% and PID 18305 at 36.0%", "74%
// together (38.3% + 36.0%)".
func partsAfter(answer string, claims []claim, i int) []claim {
	c := claims[i]
	var parts []claim
	for _, p := range claims[i+1:] {
		if p.sent != c.sent {
			break
		}
		if p.kind == c.kind {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 || !strings.ContainsAny(answer[min(c.off+len(c.text), parts[0].off):parts[0].off], ":(") {
		return nil
	}
	return parts
}

// referredParts returns the figures of c's kind in the sentences naming
// the entities c's sentence refers back to.
func referredParts(answer string, claims []claim, anchors map[int][]claim, c claim) []claim {
	if len(anchors[c.sent]) > 0 {
		return nil // it adds its own entities, whose figures it does not give
	}
	if !refersBack.MatchString(sentenceHead(answer, c.off)) {
		return nil // "In total, 6.1 GiB of your 15 GiB is in use": the machine's
	}
	sents := map[int]bool{}
	for _, a := range earlierAnchors(answer, anchors, c) {
		sents[a.sent] = true
	}
	var parts []claim
	for _, p := range claims {
		if sents[p.sent] && p.kind == c.kind && p.off < c.off && p.bound == 0 {
			parts = append(parts, p)
		}
	}
	return parts
}

// ownRange returns the values a figure stands for as the answer wrote it:
// the rounding of its digits, widened for a hedge by one step of its last
// digit, at most approxDecimals of it ("about 84%" is 83–85%, "about 9%"
// no 8.1%), or by half a step of a round figure's last significant digit
// (roundHalf: "about 70%" is 65–75%), at most maxRoundShare of it. ok is
// false for a range ("24–27 MiB") or a zero.
func ownRange(answer string, c claim) (interval, bool) {
	n, used, ok := parseNumber(c.text)
	if !ok || n.value == 0 || len(c.ivs) == 0 || strings.ContainsAny(c.text[used:], "0123456789") {
		return interval{}, false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	hedged := approxWords[strings.ToLower(lastWord(answer[:c.off]))]
	for _, iv := range c.ivs {
		v := (iv.lo + iv.hi) / 2 // approximate widens around the written value
		scale := v / n.value
		half := n.half * scale
		if hedged {
			half = max(half, min(2*half, approxDecimals*v), min(roundHalf(c.text, v), maxRoundShare*v))
		}
		lo, hi = min(lo, v-half), max(hi, v+half)
	}
	return interval{lo, hi}, true
}

// subsetSum reports whether two or more of parts add up to a value in sum.
func subsetSum(parts []interval, sum interval) bool {
	for mask := 1; mask < 1<<len(parts); mask++ {
		var lo, hi float64
		n := 0
		for k, p := range parts {
			if mask&(1<<k) != 0 {
				lo, hi, n = lo+p.lo, hi+p.hi, n+1
			}
		}
		if n >= 2 && (interval{lo, hi}).overlaps(sum) {
			return true
		}
	}
	return false
}

// compatibleFields reports whether two figures' fields may be one
// column's: either names none, or both name the same.
func compatibleFields(a, b string) bool { return a == "" || b == "" || a == b }

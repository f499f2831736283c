package supervisor

import (
	"regexp"
	"strings"
)

// A segment may hold two resources' clauses: in "20Gi of 23Gi memory is
// available and swap has only 4.1Mi used" the first two sizes are the
// memory's and only 4.1Mi is swap's; in "Swap is 2.0Gi and memory 15Gi"
// 15Gi is the memory's. An "and", "while" or "whereas" right before a
// resource noun starts that resource's clause, so a figure's swap scope is
// read in its own clause only; so does one before a size and its resource
// noun ("1.1Gi of 2.0Gi swap is used while 9.3Gi RAM is available").

// resourceCut matches a clause opening on a resource noun.
var resourceCut = regexp.MustCompile(`\b(?:and|while|whereas|but)\s+(?:the\s+|your\s+)?(?:[\d.,]+\s?(?:[kmgtp]i?b?|bytes)\s+(?:of\s+)?(?:the\s+|your\s+)?)?(?:swap|memory|ram|disk|cpu)\b`)

// resourceClause returns the clause of seg (lower-cased segment text)
// that holds the byte at off.
func resourceClause(seg string, off int) string {
	start, end := 0, len(seg)
	for _, m := range resourceCut.FindAllStringIndex(seg, -1) {
		if m[0] <= off {
			start = m[0]
		} else {
			end = min(end, m[0])
			break
		}
	}
	if off < 0 || off > len(seg) {
		return seg
	}
	return strings.TrimSpace(seg[start:end])
}

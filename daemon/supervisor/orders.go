package supervisor

import "strings"

// "After the postgres checkpointer at 38.6%, the second busiest process
// is the nginx worker" gives an order, not a cause: an opening "After X,"
// clause of a sentence that goes on to rank names what ranks before the
// sentence's subject. X is no cause, and the superlative is said of the
// entity after that clause, not of X.

// ranks reports whether a sentence's words rank something ("second",
// "next"), which makes an opening "after" an order.
func ranks(ws []string) bool {
	for _, w := range ws {
		if ordinals[w] > 0 || w == "next" {
			return true
		}
	}
	return false
}

// orderClause returns the end (its comma) of a sentence's opening "After
// X," clause when the sentence ranks, else 0.
func orderClause(sentence string) int {
	ws := plainWords(sentence)
	if len(ws) == 0 || ws[0] != "after" || !ranks(ws) {
		return 0
	}
	return max(strings.IndexByte(sentence, ','), 0)
}

// afterOrder returns the anchors at or after end, where a ranked
// sentence's subject stands.
func afterOrder(anchors []claim, end int) []claim {
	for i, a := range anchors {
		if a.off >= end {
			return anchors[i:]
		}
	}
	return nil
}

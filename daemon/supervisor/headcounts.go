package supervisor

import (
	"strconv"
	"strings"
)

// A count heading a list ("Three listeners: 443, 6379 and 7070") may
// count only the list, a choice of the listeners; but where the list's
// items are not that many ("6 TCP listeners: 22 (v4 and v6), 631 (v4 and
// v6), 3306 and 6379": four items), the count is not the list's and so
// is ss's: it is judged as "there are 6 TCP listeners" would be
// (listencounts.go), and its list, being of them all, must name every
// socket (of its protocol): by its port or its owner.

// headingOverList reports whether clause[:end] is a heading ending in a
// colon whose list after it has other than n items.
func headingOverList(clause string, end, n int) bool {
	if end == 0 || end > len(clause) || clause[end-1] != ':' || n <= 0 {
		return false
	}
	items := listItems(clause[end:])
	return items > 0 && items != n
}

// listItems counts the items of a list: pieces between commas, "and"
// and "or" outside brackets ("22 (v4 and v6)" is one item).
func listItems(list string) int {
	depth, items, piece := 0, 0, false
	flush := func() {
		if piece {
			items++
		}
		piece = false
	}
	words := strings.Fields(list)
	for _, w := range words {
		if depth == 0 && (w == "and" || w == "or") {
			flush()
			continue
		}
		for _, r := range w {
			switch r {
			case '(', '[':
				depth++
			case ')', ']':
				depth = max(0, depth-1)
			}
		}
		piece = true
		if depth == 0 && strings.HasSuffix(w, ",") {
			flush()
		}
	}
	flush()
	return items
}

// checkHeadingLists reports a list of all the listeners, under such a
// heading, that leaves a socket out.
func checkHeadingLists(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	for _, f := range facts {
		k := f.at
		lc := listenCountIn(answer[k.start:k.end])
		if !lc.heading {
			continue
		}
		var names []claim
		for _, c := range claims {
			if c.off >= k.start && c.off < k.end && listenerName(c) && !c.advice {
				names = append(names, c)
			}
		}
		if len(names) > 0 {
			ix.othersListening(g, names, lc.proto, "list of "+strconv.Itoa(lc.n)+" listeners")
		}
	}
}

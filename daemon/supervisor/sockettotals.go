package supervisor

import (
	"regexp"
	"strings"
)

// Totals of the socket table as a sentence of its own: "Total: 5
// listening sockets.", "There are 4 listening TCP ports.", "In total, 6
// listening sockets": the count is said of all listeners, like "five
// services are listening" (listeners.go). "That's 3 sockets in total" is
// a count of sockets (a hardware noun too): it holds when it is the CPU
// sockets' or the socket table's number of sockets.

// listenTotalRe reads "N listening [tcp|udp] <noun>" opening a sentence,
// after at most a lead-in ("total:", "that's", "there are", "in total,").
var listenTotalRe = regexp.MustCompile(`^[\s*#>-]*(?:total:?\s*|in\s+total,?\s+|that's\s+|that\s+is\s+|there\s+are\s+|overall,?\s+)?(?:only\s+)?` +
	`(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|single)\s+listening\s+(?:(tcp|udp)\s+)?` +
	`(services?|programs?|process(?:es)?|daemons?|sockets?|ports?)\s*(?:in\s+total|total|overall|altogether)?\s*(?:[.:;,(]|\s[-–—]|$)`)

// listenTotalIn returns the count of such a sentence.
func listenTotalIn(sentence string) listenCount {
	m := listenTotalRe.FindStringSubmatch(strings.ToLower(strings.TrimSpace(sentence)))
	if m == nil {
		return listenCount{}
	}
	return listenCount{n: countOf(m[1]), proto: m[2], sockets: socketNoun(m[3])}
}

// socketTotal reports whether n is the number of the socket table's
// sockets.
func (ix *index) socketTotal(ivs []interval) bool {
	counts, ok := ix.listenerCounts("")
	if !ok || len(ivs) == 0 {
		return false
	}
	n := float64(counts[4])
	return ivs[0].overlaps(interval{n - 0.5, n + 0.5})
}

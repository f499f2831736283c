package supervisor

import (
	"regexp"
	"strings"
)

// Counts of the listening sockets said of all of them, in more shapes
// than "five services are listening" (listeners.go): "There are 8 TCP
// listeners", "…, and just one listener: …", "Two UDP sockets are open",
// "I count six TCP listeners", "Only two sockets: UDP …", "All 4 sockets
// are TCP", "Nothing is listening on UDP", "No UDP sockets are
// listening", "the other seven are bound to 127.0.0.1" (the sockets of
// that address). A clause opening with the count (the sentence, or a piece
// after a comma or semicolon) makes it; nothing but a protocol, a verb of
// listening and "in total" may follow before the clause ends, so "two
// listeners on localhost" counts one address's (compare.go).
//
// What a noun counts: listeners, sockets and ports count ss's rows, or
// its ports (a port a program holds on 0.0.0.0 and [::] is one listener
// in that reading: sshd's two rows for port 22), never its programs;
// "just one listener: python3" is false where an ownerless socket on
// 2024 listens too. Services, programs and daemons count programs or
// PIDs as well (listeners.go).

// countAlternation is a count written as digits or as a word, an alternation
// other patterns join with their own words ("three times", "twice").
const countAlternation = `\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|single`

// countRe is countAlternation as a group of its own.
const countRe = `(` + countAlternation + `)`

var (
	// listenClauseRe reads "N [listening|open] [tcp|udp] listeners|sockets|
	// ports [are listening|open] [on tcp]" opening a clause.
	listenClauseRe = regexp.MustCompile(`^(?:(?:and|but|so|plus)\s+)?` +
		`((?:there\s+(?:are|is)|i\s+(?:count|see|found|find)|we\s+have|you\s+have|(?:these|those|they)\s+are\s+the)\s+)?` +
		`((?:only\s+|just\s+|exactly\s+)?(?:the\s+only\s+)?)` + countRe + `\s+(?:(listening|open)\s+)?(?:(tcp|udp)\s+)?(?:(listening|open)\s+)?` +
		`(listeners?|sockets?|ports?)(?:\s+(?:are\s+|is\s+)?(listening|listen|listens|open|in\s+use))?(?:\s+(?:on|over|for)\s+(tcp|udp))?` +
		`\s*(?:in\s+total|total|overall|altogether)?\s*(?:[.:;,(!]|\s[-–—]|$)`)
	// allSocketsRe reads "all 4 sockets are TCP".
	allSocketsRe = regexp.MustCompile(`^(?:(?:and|but|so)\s+)?all\s+` + countRe + `\s+(?:listening\s+)?(?:listeners|sockets|ports)\s+are\s+(tcp|udp)\s*(?:[.:;,(!]|\s[-–—]|$)`)
	// noneOnRe reads "nothing is listening on UDP", "no UDP sockets are
	// listening", "there are no UDP listeners".
	noneOnRe = regexp.MustCompile(`^(?:(?:and|but|so)\s+)?(?:(?:nothing|no\s+(?:process|program|service)(?:es|s)?)\s+(?:is\s+|are\s+)?(?:listening|listens|listen|bound)\s+(?:on|over)\s+(tcp|udp)` +
		`|(?:there\s+are\s+)?no\s+(tcp|udp)\s+(?:listeners|sockets|ports)(?:\s+(?:are\s+|is\s+)?(?:listening|open))?)\s*(?:[.:;,(!]|\s[-–—]|$)`)
	// otherOnRe reads "the other seven are (all) bound to 127.0.0.1": the
	// count of the sockets on that address.
	otherOnRe = regexp.MustCompile(`^(?:(?:and|but|so|while)\s+)?the\s+(?:other|remaining)\s+` + countRe +
		`(?:\s+(?:listeners|sockets|ports|services|ones))?\s+(?:are|is)\s+(?:all\s+)?(?:bound\s+to|listening\s+on|on)\s+` +
		`(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?:\s+only)?\s*(?:[.:;,(!]|\s[-–—]|$)`)
	// socketTrail says the rest of a sentence lists sockets: a protocol
	// or an address and port.
	socketTrail = regexp.MustCompile(`(?i)\b(?:tcp|udp)\b|[\d\]]:\d`)
)

// socketNoun reports a noun that counts sockets, not programs.
func socketNoun(noun string) bool {
	return strings.HasPrefix(noun, "socket") || strings.HasPrefix(noun, "port") || strings.HasPrefix(noun, "listener")
}

// listenClauseCount reads such a count from the clauses of a sentence.
func listenClauseCount(sentence string) listenCount {
	s := strings.ToLower(strings.TrimSpace(sentence))
	s = strings.TrimLeft(s, " *#>-")
	for from := 0; from <= len(s); {
		clause := strings.TrimLeft(s[from:], " *")
		if lc, ok := clauseCount(clause); ok {
			return lc
		}
		i := strings.IndexAny(s[from:], ",;")
		if i < 0 {
			break
		}
		from += i + 1
	}
	return listenCount{}
}

// clauseCount reads the count a clause opens with.
func clauseCount(clause string) (listenCount, bool) {
	if m := allSocketsRe.FindStringSubmatch(clause); m != nil {
		return listenCount{n: countOf(m[1]), proto: m[2], sockets: true, all: true}, true
	}
	if m := otherOnRe.FindStringSubmatch(clause); m != nil {
		return listenCount{n: countOf(m[1]), addr: m[2], sockets: true}, true
	}
	if m := noneOnRe.FindStringSubmatch(clause); m != nil {
		return listenCount{proto: m[1] + m[2], none: true}, true
	}
	m := listenClauseRe.FindStringSubmatchIndex(clause)
	if m == nil {
		return listenCount{}, false
	}
	sub := func(k int) string {
		if m[2*k] < 0 {
			return ""
		}
		return clause[m[2*k]:m[2*k+1]]
	}
	noun, proto, verb := sub(7), sub(5)+sub(9), sub(8)
	heading := sub(1)+sub(2)+verb == ""
	if heading && !headingOverList(clause, m[1], countOf(sub(3))) {
		// "Three listeners: A, B and C" heads a list, which may be of
		// some of them; "only", "there are" or a verb says all.
		return listenCount{}, false
	}
	// A bare "two sockets" or "three ports" is about listening only where
	// a word says so or the sentence goes on to list sockets.
	if !strings.HasPrefix(noun, "listener") && sub(4)+sub(6)+verb == "" && proto == "" && !socketTrail.MatchString(clause[m[1]:]) {
		return listenCount{}, false
	}
	return listenCount{n: countOf(sub(3)), proto: proto, sockets: true, heading: heading}, true
}

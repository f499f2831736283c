package supervisor

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Claims about the listening sockets as a whole ("A and B listen on all
// interfaces" is a reach: exposurecheck.go):
//
//   - "(only) two services are listening", "five services listen on
//     TCP": the count, said of all listeners (nothing but the protocol
//     after the verb), must be the socket table's number of programs,
//     PIDs, sockets or ports (any reading the words allow: "two sockets"
//     only sockets or ports; listencounts.go), of that protocol when one
//     is named.

// localAddress returns the address of the first "address:port" field of
// an ss row that is not a peer wildcard ("0.0.0.0:*").
func localAddress(row string) string {
	addr, _ := localEndpoint(row)
	return addr
}

// localEndpoint returns that field's address and port.
func localEndpoint(row string) (addr, port string) {
	for _, f := range strings.Fields(row) {
		i := strings.LastIndexByte(f, ':')
		if i <= 0 || strings.HasSuffix(f, ":*") || !allDigits(f[i+1:]) {
			continue
		}
		return f[:i], f[i+1:]
	}
	return "", ""
}

// listenCount is the count of "only two services are listening" and the
// protocol named after it ("on TCP"); n is 0 without one (the zero value
// is what an advice sentence, whose facts are not read, holds).
type listenCount struct {
	n     int
	proto string
	// sockets is set when the noun counts sockets (listeners, sockets,
	// ports), not programs; all on "all 4 sockets are TCP" (n is every
	// socket's count too); none on "nothing is listening on UDP"
	// (listencounts.go).
	sockets, all, none bool
	// addr is the address of "the other seven are on 127.0.0.1".
	addr string
	// heading is set on a count heading the list of them all
	// (headcounts.go).
	heading bool
}

// listenCountRe reads a count of listeners as a sentence's subject,
// followed by nothing but a protocol before the sentence or clause ends:
// "listen on 127.0.0.1" counts the listeners of one address (compare.go)
// and "listens on four ports" one program's.
var listenCountRe = regexp.MustCompile(`^[\s*#>-]*(?:only\s+|there\s+are\s+(?:only\s+)?|there\s+is\s+(?:only\s+)?)?` +
	`(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|single)\s+` +
	`(services?|programs?|process(?:es)?|daemons?|sockets?|ports?)\s+(?:are\s+|is\s+)?(?:listening|listen|listens)` +
	`(?:\s+(?:on|over|for)\s+(tcp|udp))?\s*(?:[:;,(]|\s[-–—]|$)`)

// listenCountIn returns a sentence's count of all its listeners.
func listenCountIn(sentence string) listenCount {
	m := listenCountRe.FindStringSubmatch(strings.ToLower(strings.TrimSpace(sentence)))
	if m == nil {
		if lc := listenTotalIn(sentence); lc.n > 0 {
			return lc
		}
		return listenClauseCount(sentence)
	}
	return listenCount{n: countOf(m[1]), proto: m[3], sockets: socketNoun(m[2])}
}

// ssOwner reads one owner of an ss row: its program and PID.
var ssOwner = regexp.MustCompile(`\("([^"]+)",pid=(\d{1,10})`)

// listenerCounts returns the counts a number of listeners may be read
// as: the distinct programs and PIDs (a socket without an owner counted
// or not), then the sockets, the ports and the ports of each protocol
// of ss's rows (from socketReadings on), of one protocol when proto is
// set; ok is false when no ss row was probed.
func (ix *index) listenerCounts(proto string) (counts []int, ok bool) {
	progs, pids, ports, netPorts := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	sockets, unowned := 0, 0
	for _, r := range ix.recs {
		s, row := ssSocket(r) // onlylisteners.go
		if !row {
			continue
		}
		ok = true
		if proto != "" && s.proto != proto {
			continue
		}
		sockets++
		ports[s.port], netPorts[s.proto+":"+s.port] = true, true
		owners := ssOwner.FindAllStringSubmatch(r.text, maxSocketOwners)
		if len(owners) == 0 {
			unowned++
		}
		for _, o := range owners {
			progs[o[1]], pids[o[2]] = true, true
		}
	}
	return []int{len(progs), len(progs) + unowned, len(pids), len(pids) + unowned, sockets, len(ports), len(netPorts)}, ok
}

// socketReadings is where listenerCounts' counts of sockets begin.
const socketReadings = 4

// checkListenCounts reports counts of all listeners the socket table
// contradicts (or confirms).
func checkListenCounts(ix *index, g *Grounding, facts []sentenceFacts) {
	for _, f := range facts {
		lc := f.listeners
		if lc.n <= 0 && !lc.none {
			continue
		}
		counts, ok := ix.listenerCounts(lc.proto)
		if lc.sockets || lc.none {
			counts = counts[socketReadings:]
		}
		if lc.addr != "" {
			n, on := ix.listening(lc.addr)
			counts, ok = []int{n}, on
		}
		if !ok {
			continue
		}
		what := strconv.Itoa(lc.n) + " listening"
		if lc.addr != "" {
			what += " on " + lc.addr
		}
		if lc.proto != "" {
			what += " on " + lc.proto
		}
		if lc.all {
			// "All 4 sockets are TCP": every socket is of that protocol.
			every, _ := ix.listenerCounts("")
			counts = slices.DeleteFunc(counts, func(n int) bool { return !slices.Contains(every[socketReadings:], n) })
		}
		if slices.Contains(counts, lc.n) {
			g.Found = append(g.Found, what)
		} else {
			g.Missing = append(g.Missing, what)
		}
	}
}

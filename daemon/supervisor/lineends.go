package supervisor

import (
	"net/netip"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A client's log line names the server it tried by a connect phrase and
// the endpoint after it: psql's `connection to server at "127.0.0.1",
// port 5432`, ssh's "connect to host 10.9.8.7 port 22", postfix's
// "connect to mx2.example[198.51.100.41]:25", Go's "dial tcp
// 127.0.0.1:8080", a resolver's "lookup x on 127.0.0.53:53", a URL's
// "http://127.0.0.1:3000/". Only that endpoint is the line's far end:
// any other figure of the line may only look like a port (the "22" of a
// clock's "08:29:22"), and "from 203.0.113.5 port 22" is the near end
// of a connection made to this machine, whose port is the peer's.

// farEnd is one endpoint a line connects to: an address, or the
// loopback named only as "localhost".
type farEnd struct {
	addr      netip.Addr
	localhost bool
	port      int
}

var (
	// psqlEndRe reads `connection to server at "host" (addr), port N`.
	psqlEndRe = regexp.MustCompile(`(?i)\bconnection to server at "([^"]+)"(?: \(([0-9a-f:.%]+)\))?, port (\d+)\b`)
	// spacedEndRe reads "connect to host A port N", "connection to A port N".
	spacedEndRe = regexp.MustCompile(`(?i)\bconnect(?:ion)? to (?:host )?([0-9a-z.:\[\]%-]+?),? port (\d+)\b`)
	// joinedEndRe reads "A:N", "host[A]:N" or "[A]:N" after a connect
	// phrase ("could not connect to Redis at …"), a dial, a lookup's
	// resolver or a URL's scheme.
	joinedEndRe = regexp.MustCompile(`(?i)(?:\bconnect(?:ion|ing)?(?:\(\))? to (?:[a-z][\w-]* at )?|\bdial(?:ing)? (?:tcp|udp)[46]? |\blookup \S+ on |://)` +
		`([\w.-]*\[[0-9a-f:.%]+\]|[0-9a-z.-]+):(\d+)\b`)
)

// endWords gate lineEnds: each pattern needs one of them, and most lines
// have none, which spares the patterns' cost on a long journal.
var endWords = []string{"connect", "dial", "lookup", "://"}

// lineEnds returns the endpoints a line connects to, read from its text.
func lineEnds(text string) []farEnd {
	lower := strings.ToLower(text)
	if !slices.ContainsFunc(endWords, func(w string) bool { return strings.Contains(lower, w) }) {
		return nil
	}
	var out []farEnd
	add := func(host string, port string) {
		p, err := strconv.Atoi(port)
		if err != nil || p <= 0 || p > 65535 {
			return
		}
		if e, ok := parseEnd(host); ok {
			e.port = p
			out = append(out, e)
		}
	}
	for _, m := range psqlEndRe.FindAllStringSubmatch(text, -1) {
		if m[2] != "" {
			add(m[2], m[3])
		} else {
			add(m[1], m[3])
		}
	}
	for _, m := range spacedEndRe.FindAllStringSubmatch(text, -1) {
		add(m[1], m[2])
	}
	for _, m := range joinedEndRe.FindAllStringSubmatch(text, -1) {
		add(m[1], m[2])
	}
	return out
}

// parseEnd reads a host as a line writes it: an address, bracketed or
// after a name ("mx2.example[198.51.100.41]"), or "localhost". Any other
// name is unresolved, so no far end.
func parseEnd(host string) (farEnd, bool) {
	if i := strings.IndexByte(host, '['); i >= 0 && strings.HasSuffix(host, "]") {
		host = host[i+1 : len(host)-1]
	}
	if strings.EqualFold(host, "localhost") {
		return farEnd{localhost: true}, true
	}
	a, ok := parseAddr(host)
	return farEnd{addr: a}, ok
}

// parseAddr parses an address without its zone ("127.0.0.53%lo"), an
// IPv4-mapped one as IPv4.
func parseAddr(s string) (netip.Addr, bool) {
	if i := strings.IndexByte(s, '%'); i >= 0 {
		s = s[:i]
	}
	a, err := netip.ParseAddr(strings.Trim(s, "[]"))
	return a.Unmap(), err == nil
}

// listenEnd is a listening socket's own address and port; wildcard when
// it listens on every address (0.0.0.0, ::, *).
type listenEnd struct {
	addr     netip.Addr
	wildcard bool
	port     int
}

// structuredEndRe reads a typed ss row's "local_address A local_port :N".
var structuredEndRe = regexp.MustCompile(`\blocal_address (\S+) local_port :?(\d+)\b`)

// readListenEnd reads the local endpoint of an ss row, printed
// ("0.0.0.0:22", "[::1]:53", "*:68") or typed. A row whose address it
// cannot read listens nowhere known, so nothing reaches it.
func readListenEnd(row string) (listenEnd, bool) {
	addr, port := "", ""
	if m := structuredEndRe.FindStringSubmatch(row); m != nil {
		addr, port = m[1], m[2]
	} else {
		addr, port = localEndpoint(row)
	}
	p, err := strconv.Atoi(port)
	if addr == "" || err != nil {
		return listenEnd{}, false
	}
	if addr == "*" {
		return listenEnd{wildcard: true, port: p}, true
	}
	a, ok := parseAddr(addr)
	return listenEnd{addr: a, wildcard: a.IsUnspecified(), port: p}, ok
}

// ownAddrRe reads an interface's address from ip addr's "inet A/len" or
// its typed "address A".
var ownAddrRe = regexp.MustCompile(`\b(?:inet6?|address) ([0-9a-f:.]+)(?:/\d+)?\b`)

// ownAddrs returns the addresses of this machine's interfaces.
func (ix *index) ownAddrs() map[netip.Addr]bool {
	out := map[netip.Addr]bool{}
	for _, r := range ix.recs {
		if r.probe != "network_addrs" {
			continue
		}
		for _, m := range ownAddrRe.FindAllStringSubmatch(r.text, -1) {
			if a, ok := parseAddr(m[1]); ok {
				out[a] = true
			}
		}
	}
	return out
}

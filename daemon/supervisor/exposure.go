package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A clause may say how far its listeners reach: "exposed", "open to the
// network", "reachable from outside", "over IPv6 from other hosts" (wide:
// some socket on an address other hosts can reach), "on all interfaces",
// "every IPv4 address" (every: a wildcard socket, of that family when
// one is named), or "only listens on localhost", "loopback only", "only
// reachable locally" (local: every socket on 127.0.0.0/8 or ::1). A
// negation before the words turns them ("isn't exposed" is local, "not
// limited to localhost" wide). Said of the ports of the clause, else of
// its processes and PIDs, else of those of the clause before it in the
// sentence ("… on localhost, so it isn't exposed"), or of the items
// after a label ("Open to the network: 22, 80 and 631"), it must hold
// of their sockets in ss. Said of "nothing", "no service", "everything"
// or "all N listeners" ("all on 0.0.0.0"), it must hold of every socket
// (of the protocol the clause names), but those after "except" or
// "nothing but" (quantified.go); said of "only" some, of no other
// (exclusive.go). Checked in exposurecheck.go.

// reach is what a clause says of its sockets' addresses.
type reach int

const (
	reachNone   reach = iota
	reachWide         // some socket other hosts can reach
	reachEvery        // a wildcard socket
	reachLocal        // loopback only
	reachFamily       // every socket of one address family (famreach.go)
)

// reachSaid is a clause's reach and the address family it names ("4",
// "6" or "").
type reachSaid struct {
	r   reach
	fam string
}

var (
	allIfaces    = lexicon.NewSet(`all every any`) // "on all interfaces", "every IPv4 address"
	wideWords    = lexicon.NewSet(`exposed exposes exposing reachable accessible reach externally publicly remotely`)
	wideNouns    = lexicon.NewSet(`network lan internet world outside`)
	otherHosts   = lexicon.NewSet(`hosts machines computers clients devices`)
	addrNouns    = lexicon.NewSet(`address addresses interface interfaces ip ips`) // "a public address"
	localWords   = lexicon.NewSet(`localhost loopback locally`)
	reachNegs    = lexicon.NewSet(`not t never cannot nor`)
	reachModals  = lexicon.NewSet(`should could would might may want need consider`)
	quantNone    = lexicon.NewSet(`nothing none`)
	listenerNoun = lexicon.NewSet(`service services listener listeners port ports socket sockets process processes program programs daemon daemons`)
	leadWords    = lexicon.NewSet(`and but so there is are`)
)

// readReach reads the reach a clause's words say; ok is false when they
// say none or contradict themselves.
func readReach(ws []string) (reachSaid, bool) {
	var got []reachSaid
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		var s reachSaid
		switch {
		case allIfaces[w] && (strings.HasPrefix(at(ws, i+1), "interface") || strings.HasPrefix(at(ws, i+1), "address") || at(ws, i+1) == "ifaces"):
			s = reachSaid{r: reachEvery}
		case allIfaces[w] && (at(ws, i+1) == "ipv4" || at(ws, i+1) == "ipv6") &&
			(strings.HasPrefix(at(ws, i+2), "interface") || strings.HasPrefix(at(ws, i+2), "address")):
			s = reachSaid{r: reachEvery, fam: at(ws, i+1)[3:]}
			i++
		case localWords[w], w == "local" && (at(ws, i+1) == "only" || at(ws, i-1) == "only"), loopbackOnly(ws, i):
			s = reachSaid{r: reachLocal}
		case (w == "reachable" || w == "accessible") && (at(ws, i+1) == "locally" || at(ws, i+1) == "only" || at(ws, i+2) == "this" || at(ws, i+2) == "localhost"):
			s = reachSaid{r: reachLocal} // "reachable only from this machine"
			i++
		case familyOnly(ws, i) != "":
			s = reachSaid{r: reachFamily, fam: familyOnly(ws, i)}
		case wideWords[w], w == "network" && at(ws, i+1) == "facing",
			w == "open" && (at(ws, i+1) == "to" || at(ws, i+1) == "on") && (wideNouns[at(ws, i+2)] || wideNouns[at(ws, i+3)]),
			w == "from" && (at(ws, i+1) == "outside" || otherHosts[at(ws, i+2)] && at(ws, i+1) == "other"),
			w == "reach" && reachedFar(ws[max(0, i-3):i]), (w == "public" || w == "external") && addrNouns[at(ws, i+1)]:
			s = reachSaid{r: reachWide}
			if at(ws, i+1) == "over" && (at(ws, i+2) == "ipv6" || at(ws, i+2) == "ipv4") {
				s.fam = at(ws, i+2)[3:] // "reachable over IPv6"
			}
		default:
			continue
		}
		for k := max(0, i-3); k < i; k++ {
			if reachNegs[ws[k]] && s.r != reachFamily {
				s.r = map[reach]reach{reachWide: reachLocal, reachEvery: reachNone, reachLocal: reachWide}[s.r]
				s.fam = ""
			}
		}
		if s.r != reachNone {
			got = append(got, s)
		}
	}
	if len(got) == 0 {
		return reachSaid{}, false
	}
	out := got[0]
	for _, s := range got[1:] {
		switch {
		case s.r == reachFamily || out.r == reachFamily:
			if s.r == reachFamily && out.r == reachFamily && s.fam != out.fam {
				return reachSaid{}, false
			}
			if s.r == reachFamily {
				out = s // "exposed, but only over IPv6": the family is the claim checked
			}
		case (s.r == reachLocal) != (out.r == reachLocal):
			return reachSaid{}, false // "loopback, but reachable from the network": no one reading
		case s.r == reachEvery && out.r == reachWide, s.fam != "" && out.fam == "":
			out = s
		}
	}
	return out, true
}

// loopbackOnly reports "only" bound to a loopback address ("only on
// 127.0.0.1", "127.0.0.1 only"): said of listeners it is "only on
// localhost", a reach no socket off the loopback may have.
func loopbackOnly(ws []string, i int) bool {
	if ws[i] != "only" {
		return false
	}
	return at(ws, i+1) == "127" || at(ws, i+1) == "on" && at(ws, i+2) == "127" || at(ws, i-4) == "127"
}

// reachedFar reports the subject of "reach" that says other hosts: "other
// machines can't reach it", "anyone on your network can reach it".
func reachedFar(before []string) bool {
	for _, w := range before {
		if w == "other" || w == "anyone" || w == "remote" || otherHosts[w] {
			return true
		}
	}
	return false
}

// socketAt is one listening socket: its local address, port and
// protocol.
type socketAt struct{ addr, port, proto string }

// socketOf reads a listening_ports record's socket: an ss row or the
// typed line ("local_address :: local_port :123 netid udp").
func socketOf(r record) (socketAt, bool) {
	if r.probe != "listening_ports" {
		return socketAt{}, false
	}
	f := strings.Fields(r.text)
	if a := localAddress(r.text); a != "" && len(f) > 0 && (strings.HasPrefix(f[0], "tcp") || strings.HasPrefix(f[0], "udp")) {
		for _, fl := range f {
			if i := strings.LastIndexByte(fl, ':'); i > 0 && fl[:i] == a {
				return socketAt{a, fl[i+1:], f[0][:3]}, true
			}
		}
	}
	var s socketAt
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "local_address":
			s.addr = f[i+1]
		case "netid":
			s.proto = f[i+1]
		case "local_port":
			s.port = strings.TrimPrefix(f[i+1], ":")
		}
	}
	return s, s.addr != ""
}

func (s socketAt) loopback() bool {
	return strings.HasPrefix(s.addr, "127.") || s.addr == "[::1]" || s.addr == "::1"
}

func (s socketAt) wildcard() bool {
	return s.addr == "0.0.0.0" || s.addr == "[::]" || s.addr == "::" || s.addr == "*"
}

// family reports whether the socket's address is of family fam ("4", "6"
// or "" for either).
func (s socketAt) family(fam string) bool {
	v6 := strings.Contains(s.addr, ":")
	return fam == "" || s.addr == "*" || (fam == "6") == v6
}

// holds reports whether a set of sockets reaches as said.
func (rs reachSaid) holds(socks []socketAt) bool {
	switch rs.r {
	case reachLocal:
		for _, s := range socks {
			if !s.loopback() {
				return false
			}
		}
		return true
	case reachFamily:
		return familyHolds(rs.fam, socks)
	case reachWide, reachEvery:
		for _, s := range socks {
			if s.family(rs.fam) && !s.loopback() && (rs.r == reachWide || s.wildcard()) {
				return true
			}
		}
	}
	return false
}

// portReach returns the sockets of a port claim.
func (ix *index) portReach(c claim) []socketAt {
	var out []socketAt
	for _, id := range ix.tokens[c.key] {
		r := ix.recs[id]
		if s, ok := socketOf(r); ok && r.supports(c) && (c.noun == "" || s.proto == "" || s.proto == c.noun) {
			out = append(out, s)
		}
	}
	return out
}

// entitySockets returns the sockets of a process or PID claim.
func (ix *index) entitySockets(c claim) []socketAt {
	var out []socketAt
	for _, id := range ix.anchorRecords(c) {
		if s, ok := socketOf(ix.recs[id]); ok {
			out = append(out, s)
		}
	}
	return out
}

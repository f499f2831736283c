package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "lo only has 127.0.0.1 and ::1, nothing else": an interface's addresses
// said to be all it has ("only", "nothing else", "no other") must be
// every address ip addr gives it (of the family the sentence names, if
// one; link-local fe80:: ones count only where the answer lists one).
// Said of a listener or a route ("sshd only listens on 127.0.0.1 on
// lo") it is no claim on the interface's addresses.

// onlyAddrSkip are the words that make a sentence about something other
// than an interface's own addresses.
var onlyAddrSkip = lexicon.NewSet(`listen listens listening listener listeners bound binds port ports
	route routes routed gateway via reachable`)

// v4Words and v6Words name an address family.
var v4Words, v6Words = lexicon.NewSet(`ipv4 inet`), lexicon.NewSet(`ipv6 inet6`)

// checkOnlyAddresses reports an address an interface has that a
// sentence saying its listed ones are all leaves out.
func checkOnlyAddresses(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	for k, f := range facts {
		sp := f.at
		var iface *claim
		var addrs []claim
		ifaces := 0
		for i, c := range claims {
			if c.sent != k || c.advice {
				continue
			}
			if c.class == classIface {
				iface = &claims[i]
				ifaces++
			} else if _, ok := addrKey(c); ok {
				addrs = append(addrs, c)
			}
		}
		if ifaces != 1 || len(addrs) == 0 {
			continue
		}
		ws := plainWords(answer[sp.start:sp.end])
		if anyOf(ws, onlyAddrSkip) || !exclusiveAddrs(answer[sp.start:min(addrs[0].off, sp.end)], iface.off-sp.start, ws) {
			continue
		}
		if extra := ix.unlistedAddress(*iface, addrs, ws); extra != "" {
			g.Missing = append(g.Missing, iface.text+" (also "+extra+")")
		}
	}
}

// exclusiveAddrs reports words that say the listed addresses are all:
// "only" between the interface and the first address ("lo only has …",
// "eth0 has only …") or before "address" ("the only address on lo
// is …"; not "only eth0 has …", which says it of the interfaces), or
// "nothing else", "no other", "none other" anywhere. head is the
// sentence up to the first address, ifaceAt the interface's offset in
// it.
func exclusiveAddrs(head string, ifaceAt int, ws []string) bool {
	if containsSeq(ws, "nothing", "else") || containsSeq(ws, "no", "other") || containsSeq(ws, "none", "other") {
		return true
	}
	if ifaceAt >= 0 && ifaceAt < len(head) && anyOf(plainWords(head[ifaceAt:]), onlyWords) {
		return true
	}
	hw := plainWords(head)
	for i, w := range hw {
		if onlyWords[w] && (addressNouns[at(hw, i+1)] || addressNouns[at(hw, i+2)]) {
			return true
		}
	}
	return false
}

var (
	onlyWords    = lexicon.NewSet(`only solely`)
	addressNouns = lexicon.NewSet(`address addresses ip ips ipv4 ipv6`)
)

// unlistedAddress returns an address of the interface's ip addr records
// ("inet 127.0.0.1/8"; the typed line's "family inet" is followed by no
// address) that none of addrs is, or "".
func (ix *index) unlistedAddress(iface claim, addrs []claim, ws []string) string {
	listed := map[string]bool{}
	linkLocal := false
	for _, c := range addrs {
		a, _ := addrKey(c)
		listed[a] = true
		linkLocal = linkLocal || strings.HasPrefix(a, "fe80:")
	}
	v4, v6 := anyOf(ws, v4Words), anyOf(ws, v6Words)
	for _, id := range ix.anchorRecords(iface) {
		r := ix.recs[id]
		if r.probe != "network_addrs" {
			continue
		}
		f := strings.Fields(r.text)
		for i := 0; i+1 < len(f); i++ {
			if f[i] != "inet" && f[i] != "inet6" || v4 != v6 && (f[i] == "inet") != v4 {
				continue
			}
			a, _, _ := strings.Cut(f[i+1], "/")
			if (lexicon.IsIPv4(a) || isIPv6(a)) && !listed[a] && (linkLocal || !strings.HasPrefix(a, "fe80:")) {
				return a
			}
		}
	}
	return ""
}

package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// A listener said to be on one address family only ("only listening on
// IPv6", "IPv4 only", "there's no IPv4 listener": IPv6 only) must have
// every socket of that family: "nginx on port 80 is only listening on
// IPv6" is false where ss shows 0.0.0.0:80 beside [::]:80.

// familyOnly returns the family ("4" or "6") that the family word at
// ws[i] says a listener is limited to, or "": "only (listening) on IPv6",
// "IPv6 only", "IPv6-only", "no IPv4 listener/socket" (then the other
// family).
func familyOnly(ws []string, i int) string {
	w := ws[i]
	if w != "ipv4" && w != "ipv6" {
		return ""
	}
	fam, other := w[3:], map[string]string{"4": "6", "6": "4"}[w[3:]]
	switch {
	case at(ws, i+1) == "only" && at(ws, i-1) != "not", onlyBefore(ws, i):
		return fam
	case at(ws, i-1) == "no" && (listenerNoun[at(ws, i+1)] || at(ws, i+1) == "binding"):
		return other
	}
	return ""
}

// familyHolds reports whether every socket is of family fam, and there
// is one.
func familyHolds(fam string, socks []socketAt) bool {
	for _, s := range socks {
		if !s.family(fam) || s.addr == "*" {
			return false
		}
	}
	return len(socks) > 0
}

// familyLinks may stand between "only" and the family word: "only
// listening on IPv6", "only bound over IPv4".
var familyLinks = lexicon.NewSet(`on over via listening listens listen bound binds reachable available`)

// onlyBefore reports "only" right before ws[i], past up to two linking
// words.
func onlyBefore(ws []string, i int) bool {
	for k := i - 1; k >= max(0, i-3); k-- {
		if ws[k] == "only" {
			return at(ws, k-1) != "not" // "not only on IPv4" limits nothing
		}
		if !familyLinks[ws[k]] {
			return false
		}
	}
	return false
}

package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Terse replies drop the verb: "eth0 down; ifb0 up", "eno2 up, no addr",
// "eno1 10.20.30.41/24 up". An interface name right before "up" or
// "down" (past one address of its own) says its state as "eth0 is down"
// does, so the state is checked against its ip addr block.

// linkVerbs before an interface make "up"/"down" a particle of the verb
// ("bring eth0 up"), an action rather than a state.
var linkVerbs = lexicon.NewSet(`bring brings bringing brought set sets setting take takes taking took turn turns turning turned put putting`)

// terseState reports whether words[i], "up" or "down", states the link
// state of the interface before it.
func terseState(words []string, i int, known map[string]class) bool {
	if (words[i] != "up" && words[i] != "down") || i == 0 {
		return false
	}
	if i+1 < len(words) && words[i+1] == "to" {
		return false // "eth0 up to 1 Gbit/s"
	}
	k := i - 1
	if k > 0 && (lexicon.IsIPv4(words[k]) || isIPv6(words[k])) {
		k-- // "eno1 10.20.30.41/24 up"
	}
	w := words[k]
	if !lexicon.IsInterface(w) && known[w] != classIface {
		return false
	}
	return k == 0 || !linkVerbs[words[k-1]]
}

// trendParticle reports whether words[i], "up" or "down", tells how a
// figure moved ("is down to 39%", "went up by 2G", "down from 91%"),
// which no ip addr block states.
func trendParticle(words []string, i int) bool {
	if words[i] != "up" && words[i] != "down" || i+1 >= len(words) {
		return false
	}
	switch words[i+1] {
	case "to", "from", "by":
		return true
	}
	return false
}

// participle reports whether w, after "interfaces", says how they stand
// ("3 veth interfaces attached: …", "interfaces shown") rather than
// naming one: a name the evidence knows was read before this is asked.
func participle(w string) bool {
	return strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") || irregularParticiples[w]
}

// irregularParticiples say how the interfaces stand without "-ed":
// "the interfaces shown", "interfaces seen in ip addr". None is a name
// an interface can carry.
var irregularParticiples = lexicon.NewSet(`shown seen known given found made kept held left run set put`)

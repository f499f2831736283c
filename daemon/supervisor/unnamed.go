package supervisor

import (
	"slices"
	"strings"
)

// "socat (PID 19554) on 0.0.0.0:31337 and an unnamed listener on
// 0.0.0.0:2024": an item opened by a listener said to have no name is
// no earlier name's; its socket is tied to no entity, and must show no
// owner in ss (saidOwnerless, unowned.go).

// unnamedOpeners open such an item, after "and" or a comma.
var unnamedOpeners = []string{"an unnamed ", "an unknown ", "an unowned ", "an anonymous ", "a nameless ",
	"an ownerless ", "a listener with no ", "a socket with no ", "something "}

// unnamedItem reports a socket claim after a name a whose item an
// unnamed listener opens between them.
func unnamedItem(answer string, c claim, a *claim) bool {
	if a == nil || a.off >= c.off || !socketPart(c) {
		return false
	}
	return unnamedOpenerAt(strings.ToLower(answer[min(a.off+len(a.text), c.off):c.off]), true) >= 0
}

// unnamedOpenerAt returns where, in lowercased text, an item an unnamed
// listener opens starts (its " and " or ", "), or -1; last picks the
// last item, else the first.
func unnamedOpenerAt(text string, last bool) int {
	at := -1
	for _, sep := range []string{" and ", ", "} {
		for off := 0; ; {
			i := strings.Index(text[off:], sep)
			if i < 0 {
				break
			}
			i += off
			off = i + len(sep)
			rest := strings.TrimPrefix(strings.TrimLeft(text[i:], " ,"), "and ")
			if !slices.ContainsFunc(unnamedOpeners, func(o string) bool { return strings.HasPrefix(rest, o) }) {
				continue
			}
			if at < 0 || last && i > at || !last && i < at {
				at = i
			}
		}
	}
	return at
}

package supervisor

import "strings"

// "sshd listens only on 10.77.0.1, the address of ifb1 — not on 0.0.0.0":
// an address right after "not on" is where the listener is said not to
// be, so it is tied to no entity (the nearest one before it may well lack
// it); it must still be in the evidence. "not only on" affirms, and stays
// tied.

// deniedPlaceMarks end the text right before a denied address.
var deniedPlaceMarks = []string{"not on", "not at", "nor on", "never on", "not bound to", "not listening on", "not to"}

// deniedPlace reports whether c is an address the answer says something
// is not on.
func deniedPlace(answer string, c claim) bool {
	if c.kind != kindName || !isAddress(c.key) || c.off > len(answer) {
		return false
	}
	head := strings.ToLower(answer[max(0, c.off-40):c.off])
	head = strings.TrimSpace(strings.NewReplacer("*", "", "`", "").Replace(head))
	for _, m := range deniedPlaceMarks {
		if strings.HasSuffix(head, m) && (len(head) == len(m) || head[len(head)-len(m)-1] == ' ') {
			return true
		}
	}
	return false
}

package supervisor

import "strings"

// exceptOpeners open a segment that sets its figures apart from the
// sentence's subject: "Besides 2024, socat on 0.0.0.0:31337 is the only
// one bound to all addresses".
var exceptOpeners = []string{"besides", "apart from", "aside from", "other than", "except for", "except"}

// excepted reports whether c stands in such a segment, which opens its
// sentence and holds nothing but the exception and c: c is then tied to
// no entity of the sentence (it must still be in the evidence).
func excepted(answer string, c claim) bool {
	if c.seg >= c.off || c.off > len(answer) {
		return false
	}
	head := strings.ToLower(strings.TrimSpace(answer[c.seg:c.off]))
	for _, w := range exceptOpeners {
		if rest, ok := strings.CutPrefix(head, w); ok {
			rest = strings.TrimSpace(rest)
			return rest == "" || rest == "port" || rest == "ports" || rest == "the"
		}
	}
	return false
}

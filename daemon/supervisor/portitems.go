package supervisor

import (
	"regexp"
	"strings"
)

// A port that opens a clause of its own after an earlier item that gave
// its own port ("PostgreSQL on port 5432 and whatever holds port 2024
// both listen on 0.0.0.0", "SSH on port 22 …, port 2024 listens on
// 0.0.0.0") is that clause's subject, not the earlier item's: it is tied
// to no entity before it (it must still be a socket of the evidence). A
// port merely listed after another ("nginx on 80, 443") is still the
// name's: its clause has no verb of its own.

// portItemHead is what may stand before such a port in its clause.
var portItemHead = regexp.MustCompile(`^(?:(?:whatever|something|the\s+(?:listener|socket|one)|a\s+(?:listener|socket))\s+(?:holds|owns|is\s+on|on|listening\s+on))?\s*(?:tcp|udp)?$`)

// portItemVerb is the verb right after the port that makes its clause.
var portItemVerb = regexp.MustCompile(`^\s*(?:(?:both|also|too|all)\s+)?(?:listens|listen|is|are|binds|bind|accepts)\b`)

// ownPortItem reports whether c, tied to a before it, is such a port.
func ownPortItem(answer string, c claim, a *claim, claims []claim) bool {
	if a == nil || c.kind != kindPort || a.off >= c.off || a.seg == c.seg || c.seg > c.off {
		return false
	}
	head := strings.ToLower(strings.TrimSpace(answer[c.seg:c.off]))
	if !portItemHead.MatchString(head) {
		return false
	}
	end := min(len(answer), c.off+len(c.text))
	if !portItemVerb.MatchString(strings.ToLower(answer[end:])) {
		return false
	}
	for _, p := range claims {
		if p.kind == kindPort && p.sent == c.sent && p.off < c.seg {
			return true // an earlier item gave its own port
		}
	}
	return false
}

// checkPortItems pairs such a port with the addresses of its own clause
// ("…, port 2024 listens on 0.0.0.0"): tied to no entity, it must still
// be bound there.
func checkPortItems(ix *index, g *Grounding, answer string, claims []claim, anchors map[int][]claim) {
	for _, c := range claims {
		if c.advice || !ownPortItem(answer, c, nearestAnchor(c, anchors[c.sent]), claims) {
			continue
		}
		end := len(answer)
		if i := strings.IndexAny(answer[c.off:], ",;\n"); i >= 0 {
			end = c.off + i
		}
		for _, d := range claims {
			if d.sent != c.sent || d.off <= c.off || d.off >= end || d.kind != kindName || !d.textual || socketAddr(d.key) == "" {
				continue
			}
			if ix.unboundPort(c, d) {
				g.Missing = append(g.Missing, d.text+" (not "+c.text+")")
			}
		}
	}
}

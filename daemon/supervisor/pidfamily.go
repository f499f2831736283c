package supervisor

import (
	"strconv"
	"strings"
)

// "node on port 3000 (IPv4 PID 28983, IPv6 PID 28985)", "PID 28983 on
// IPv4": a PID labelled with an address family is the owner of a
// listening socket of that family, on one of its sentence's ports when
// the sentence names any. The family word is a label, not a process name
// (vocab.go's notNames), so this rule is what ties the PID to its socket.

// familyWords name an address family, as socketAt.family reads it.
var familyWords = map[string]string{"ipv4": "4", "ipv6": "6"}

// familyGap is how many words may stand between a PID and the family word
// after it ("PID 28983 on IPv4").
const familyGap = 2

// pidFamily returns the family a PID claim is labelled with, or "": the
// word right before it (past "PID" and a colon: "IPv6 PID 28985"), or one
// right after it past "on", "over" or "for" in its segment ("PID 28983
// on IPv4"), or alone in a bracket after it ("28983 (IPv4)").
func pidFamily(answer string, c claim) string {
	start := max(c.seg, c.off-segWindow, 0)
	before := plainWords(answer[start:c.off])
	for len(before) > 0 && before[len(before)-1] == "pid" {
		before = before[:len(before)-1]
	}
	if n := len(before); n > 0 {
		if f := familyWords[before[n-1]]; f != "" {
			return f
		}
	}
	end := min(c.off+len(c.text)+segWindow, len(answer))
	after := answer[c.off+len(c.text) : end]
	if inner, ok := strings.CutPrefix(strings.TrimLeft(after, " "), "("); ok {
		if ws := plainWords(inner[:max(0, strings.IndexByte(inner, ')'))]); len(ws) == 1 && familyWords[ws[0]] != "" {
			return familyWords[ws[0]] // "PIDs 28983 (IPv4) and 28985 (IPv6)"
		}
	}
	if i := strings.IndexAny(after, ",;.("); i >= 0 {
		after = after[:i]
	}
	ws := plainWords(after)
	for k := 0; k < len(ws) && k <= familyGap; k++ {
		if f := familyWords[ws[k]]; f != "" {
			return f
		}
		if ws[k] != "on" && ws[k] != "over" && ws[k] != "for" && ws[k] != "via" {
			break
		}
	}
	return ""
}

// checkPIDFamilies reports a PID labelled with a family that owns no
// listening socket of that family (on its sentence's ports, if any).
func checkPIDFamilies(ix *index, g *Grounding, answer string, claims []claim) {
	if !ix.hasProbe("listening_ports") {
		return
	}
	sentPorts := map[int]map[string]bool{} // each sentence's, read once
	for _, c := range claims {
		if c.kind != kindPID || c.advice {
			continue
		}
		fam := pidFamily(answer, c)
		if fam == "" {
			continue
		}
		ports, read := sentPorts[c.sent]
		if !read {
			ports = map[string]bool{}
			for _, p := range claims {
				if p.kind == kindPort && p.sent == c.sent && len(ix.portReach(p)) > 0 {
					ports[strconv.Itoa(p.port)] = true
				}
			}
			sentPorts[c.sent] = ports
		}
		ok := false
		for _, s := range ix.entitySockets(c) {
			if s.addr != "*" && s.family(fam) && (len(ports) == 0 || ports[s.port]) {
				ok = true
			}
		}
		if !ok {
			g.Missing = append(g.Missing, c.text+" (no IPv"+fam+" socket)")
		}
	}
}

// hasProbe reports whether the evidence holds records of a probe.
func (ix *index) hasProbe(probe string) bool {
	for _, r := range ix.recs {
		if r.probe == probe {
			return true
		}
	}
	return false
}

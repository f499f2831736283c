package supervisor

import "strings"

// "sshd listens only on 10.77.0.1, the address of ifb1 — not on 0.0.0.0":
// an address right after "not on" is where the listener is said not to
// be, so it is tied to no entity (the nearest one before it may well lack
// it); it must still be in the evidence. "not only on" affirms, and stays
// tied.

// unmarked drops Markdown's emphasis and code marks, and reads a curly
// apostrophe as a straight one ("isn’t on").
var unmarked = strings.NewReplacer("*", "", "`", "", "’", "'")

// deniedPlaceMarks end the text right before a denied address.
var deniedPlaceMarks = []string{"not on", "not at", "nor on", "never on", "not bound to", "not listening on", "not to",
	"n't on", "n't bound to", "n't listening on"}

// deniedPlace reports whether c is an address the answer says something
// is not on.
func deniedPlace(answer string, c claim) bool {
	if c.kind != kindName || !isAddress(c.key) || c.off > len(answer) {
		return false
	}
	head := strings.ToLower(answer[max(0, c.off-40):c.off])
	head = strings.TrimSpace(unmarked.Replace(head))
	for _, m := range deniedPlaceMarks {
		if strings.HasSuffix(head, m) && (len(head) == len(m) || head[len(head)-len(m)-1] == ' ' || m[0] == 'n' && m[1] == '\'') {
			return true
		}
	}
	return false
}

// checkDeniedPlaces reports an address denied of the listener named
// before it ("sshd listens on port 22, not on 10.77.0.1") where ss shows
// that listener on it: by its PID, else by its program's name, else, with
// neither before it, by its port ("Port 22 is not bound to 127.0.0.1").
func checkDeniedPlaces(ix *index, g *Grounding, answer string, claims []claim) {
	for i, c := range claims {
		if c.advice || !deniedPlace(answer, c) {
			continue
		}
		var subj, port *claim
		for j := i - 1; j >= 0 && claims[j].sent == c.sent; j-- {
			if claims[j].kind == kindPID || claims[j].class == classProcess {
				subj = &claims[j]
				break
			}
			if claims[j].kind == kindPort && port == nil {
				port = &claims[j]
			}
		}
		if subj == nil {
			if port != nil && ix.portOnAddr(*port, c.key) {
				g.Missing = append(g.Missing, "not on "+c.text+" (for "+port.text+")")
			}
			continue
		}
		want := strings.Trim(strings.ToLower(subj.key), "() ")
		if subj.kind == kindPID {
			want = strings.Trim(strings.TrimPrefix(strings.ToLower(subj.text), "pid"), "() ")
		}
		addr := strings.Trim(c.key, "[]")
		for _, r := range ix.recs {
			s, ok := socketOf(r)
			f := strings.Fields(r.text)
			if !ok || strings.Trim(s.addr, "[]") != addr || len(f) == 0 || !strings.HasPrefix(f[0], "tcp") && !strings.HasPrefix(f[0], "udp") {
				continue
			}
			for _, o := range ssOwner.FindAllStringSubmatch(r.text, maxSocketOwners) {
				if o[1] == want || o[2] == want {
					g.Missing = append(g.Missing, "not on "+c.text+" (for "+subj.text+")")
				}
			}
		}
	}
}

// portOnAddr reports whether ss has a socket of the port on the address.
func (ix *index) portOnAddr(port claim, addr string) bool {
	for _, s := range ix.portReach(port) {
		if strings.Trim(s.addr, "[]") == strings.Trim(addr, "[]") {
			return true
		}
	}
	return false
}

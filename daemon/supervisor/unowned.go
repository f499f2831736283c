package supervisor

import "strings"

// A port said to have no process ("TCP port 2024 on 0.0.0.0 with no
// process name shown", "2024 on 0.0.0.0 (no process shown)") is a socket
// without an owner: it belongs to none of the sentence's names, and holds
// when a socket with the port shows no owner.

// ownerless are the phrases that say a socket shows no process.
var ownerless = []string{"no process", "no owner", "no program", "no pid", "without a process",
	"without an owner", "without process", "unowned", "no owning process"}

// saidOwnerless reports a port whose item, up to the next port or name
// of its sentence, line or clause, says it shows no process.
func saidOwnerless(answer string, c claim, claims []claim) bool {
	if p, ok := pairedPort(c, claims); ok {
		c = p // "0.0.0.0:2024" is a socket's address and port at once
	}
	if c.kind != kindPort {
		return false
	}
	from := min(c.off+len(c.text), len(answer))
	end := len(answer)
	for _, o := range claims {
		if o.off >= from && (o.kind == kindPort || o.class == classProcess || o.class == classPID || o.class == classUnit) {
			end = o.off // "port 22 (sshd); no process on 80" is sshd's
			break
		}
	}
	item := answer[from:end]
	if i := strings.IndexAny(item, "\n;"); i >= 0 {
		item = item[:i]
	}
	if i := strings.Index(item, ". "); i >= 0 {
		item = item[:i]
	}
	item = strings.ToLower(item)
	if i := unnamedOpenerAt(item, false); i >= 0 {
		item = item[:i] // "5005 and a socket with no owner on 2024": 2024's
	}
	for _, p := range ownerless {
		if containsBounded(item, p, false) {
			return true
		}
	}
	return ownerlessBefore(answer, c, claims)
}

// ownerlessWords before a port, since the claim before it, say its
// socket shows no process: "and an unnamed listener on 0.0.0.0:2024".
var ownerlessWords = []string{"unnamed", "unowned", "ownerless", "nameless", "anonymous"}

// ownerlessBefore reports such a word between a port and the claim
// before it in its line.
func ownerlessBefore(answer string, c claim, claims []claim) bool {
	from := max(0, c.off-maxOwnerlessLead)
	for _, o := range claims {
		if o.off+len(o.text) <= c.off && o.off+len(o.text) > from {
			from = o.off + len(o.text)
		}
	}
	lead := strings.ToLower(answer[from:c.off])
	if i := strings.LastIndexAny(lead, "\n;."); i >= 0 {
		lead = lead[i+1:]
	}
	if unnamedOpenerAt(lead, true) >= 0 {
		return true // "…, and a listener with no name on 0.0.0.0:2024"
	}
	for _, w := range ownerlessWords {
		if containsBounded(lead, w, false) {
			return true
		}
	}
	return false
}

// maxOwnerlessLead bounds the text before a port read for such words.
const maxOwnerlessLead = 60

// ownerlessPort reports whether a socket with c's port shows no owner.
func (ix *index) ownerlessPort(c claim) bool {
	for _, id := range ix.tokens[c.key] {
		r := ix.recs[id]
		if r.probe == "listening_ports" && r.supports(c) && !strings.Contains(r.text, "pid") {
			return true
		}
	}
	return false
}

// pairedPort returns the port claim of an address and port written as
// one ("0.0.0.0:2024"), for the claim of the pair.
func pairedPort(c claim, claims []claim) (claim, bool) {
	if c.kind != kindName || !c.textual {
		return claim{}, false
	}
	for _, p := range claims {
		if p.kind == kindPort && p.off == c.off && p.text == c.text {
			return p, true
		}
	}
	return claim{}, false
}

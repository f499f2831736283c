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
	for _, p := range ownerless {
		if containsBounded(item, p, false) {
			return true
		}
	}
	return false
}

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

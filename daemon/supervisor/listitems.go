package supervisor

import "strings"

// A list of sockets gives each item its own address, port and bracket:
// "UDP 5005 (socat, PID 7738), TCP 2024 on all addresses, and TCP
// 127.0.0.1:8088 (python3, PID 7736)". An item's address and port are
// one socket, so an earlier item's bracket annotates neither (see
// annotation); and an item closed by a comma is not tied to a name in
// the next "and …" item after it ("0.0.0.0:2024, and vmtests.test (PID
// 11689) on 127.0.0.1:38959"), nor is one that makes up a whole comma
// item tied to a name in the next ("Five listeners: 0.0.0.0:2024, three
// vmtests.test ports on 127.0.0.1").

// socketPart reports a port or an address: the parts of one socket.
func socketPart(c claim) bool {
	return c.kind == kindPort || c.kind == kindName && c.textual && c.class == classNone && isAddress(c.key)
}

// sameItemKind reports whether p and c are figures of one kind for
// annotation: the same kind, or both parts of a socket.
func sameItemKind(p, c claim) bool {
	return p.kind == c.kind || socketPart(p) && socketPart(c)
}

// nextItemName reports an entity after c that opens the next item of a
// list, past a comma and "and" or "or": not c's.
func nextItemName(answer string, c claim, a *claim) bool {
	if a == nil || a.off <= c.off || !socketPart(c) {
		return false
	}
	end := min(c.off+len(c.text), a.off)
	between := strings.ToLower(answer[end:a.off])
	return strings.Contains(between, ", and ") || strings.Contains(between, ", or ") ||
		wholeItem(answer, c.off, end) && strings.HasPrefix(between, ",")
}

// wholeItem reports whether answer[start:end] makes up a whole item of a
// list: nothing but spaces between it and the colon, comma or semicolon
// before it ("Five listeners: 0.0.0.0:2024, three vmtests.test ports on
// …"), so the name of the item after its comma is not its.
func wholeItem(answer string, start, end int) bool {
	before := strings.TrimRight(answer[:start], " ")
	return end > start && before != "" && strings.ContainsAny(before[len(before)-1:], ",:;")
}

package supervisor

import (
	"math"
	"slices"
	"strings"
)

// Claims whose sentence narrows where they may come from:
//
//   - a size in a segment about swap ("2.0 GiB of swap") comes from free's
//     Swap row or a swap_ key, not from any size of the same value; one
//     about the machine's RAM or memory, in a sentence that names no
//     entity, from free's Mem row or a ram_ key ("16 GiB of RAM" is not
//     df's 18G);
//   - a user or an address in a sentence dated by a clock time the
//     evidence has ("the login at 07:45:10 came from 10.20.30.41") comes
//     from a record with that time: the event's own log line;
//   - "A and B listen on all interfaces": see listeners.go;
//   - one port and one address in a sentence ("port 2024 is bound to
//     127.0.0.1") must be one listening socket;
//   - a list of ports beside a list of names ("sshd and nginx listen on
//     ports 22 and 80") may pair them in any order, but each port must be
//     one of theirs.

// swapScoped reports whether the comma segment around a figure names swap
// other than to deny it: "20Gi available out of 23Gi and no swap" are
// the memory's figures, but "no swap (0B)" gives swap's size.
func swapScoped(answer string, c claim) bool {
	if head := strings.ToLower(strings.TrimRight(answer[max(0, c.off-16):min(c.off, len(answer))], " (:=*")); strings.HasSuffix(head, "swap") {
		return true // "no swap (0B)": the figure is the swap's own, the size it denies
	}
	words := plainWords(resourceClause(segmentText(answer, c), c.off-c.seg))
	for i, w := range words {
		if strings.Contains(w, "swap") && (i == 0 || words[i-1] != "no" && words[i-1] != "without") {
			return true
		}
	}
	return false
}

// ramScoped reports whether the comma segment around a figure names the
// machine's memory ("16 GiB of RAM", "Memory: 23 GiB total").
func ramScoped(answer string, c claim) bool {
	ram := false
	for _, w := range plainWords(segmentText(answer, c)) {
		switch w {
		case "resident", "rss", "vsz", "virtual":
			return false // a process's memory ("the VM's resident memory")
		case "ram", "memory":
			ram = true
		}
	}
	if ram {
		return true
	}
	// "Memory: 23 GiB total, 18 GiB used": every figure of a line under
	// that label is the memory's.
	head := answer[:min(c.off, len(answer))]
	from := strings.LastIndexByte(head, '\n') + 1
	if i := strings.LastIndex(head, ". "); i >= 0 {
		from = max(from, i+2) // "Your machine is busy. Memory is fine: 21 GiB"
	}
	line := head[from:]
	label, _, ok := strings.Cut(strings.ToLower(strings.TrimLeft(line, "-*•# \t")), ":")
	if !ok || len(label) > 20 {
		return false
	}
	for _, w := range plainWords(label) {
		if w == "memory" || w == "ram" || w == "mem" {
			return true // "Memory:", "Used RAM:"
		}
	}
	return false
}

// segmentText is the comma segment around a figure, lowercased.
func segmentText(answer string, c claim) string {
	end := min(c.off+len(c.text), len(answer))
	rest := answer[end:]
	if i := strings.IndexAny(rest, ",;\n"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.Index(rest, ". "); i >= 0 {
		rest = rest[:i]
	}
	end += len(rest)
	return strings.ToLower(answer[c.seg:min(end, len(answer))])
}

// inRAM reports whether a record about the machine's memory holds a
// size: free's Mem row or its typed data (not swap), or the hardware
// snapshot's ram_ keys.
func (ix *index) inRAM(c claim) bool {
	if ix.otherMemCell(c) { // memcells.go
		return false
	}
	for _, r := range ix.recs {
		memRow := r.probe == "memory_info" && !strings.HasPrefix(r.text, "swap:")
		for _, v := range r.values {
			if v.kind != c.kind || !compatible(c.field, v.col) ||
				!(memRow && !strings.Contains(v.col, "swap") || strings.HasPrefix(v.col, "ram_")) ||
				c.field == "free" && strings.Contains(v.col, "avail") { // free prints both: "free" is its own column
				continue
			}
			if v.overlapsAny(c.ivs) {
				return true
			}
		}
	}
	return false
}

// inSwap reports whether a swap record holds a size: free's "Swap:" row
// or a typed swap_ key.
func (ix *index) inSwap(c claim) bool {
	found := false
	ix.swapValues(func(v value, row bool, _ string) {
		if v.kind != c.kind || row && !compatible(c.field, v.col) && !strings.Contains(v.col, "swap") {
			return
		}
		for _, iv := range c.ivs {
			found = found || v.iv.overlaps(iv)
		}
	})
	return found
}

// clockRecords returns the records holding the first clock time of a
// sentence that the evidence has, or nil.
func (ix *index) clockRecords(claims []claim, sent int) []int32 {
	for _, c := range claims {
		if c.sent != sent || c.kind != kindClock {
			continue
		}
		var out []int32
		for id, r := range ix.recs {
			if containsBounded(r.text, c.key, true) {
				out = append(out, int32(id))
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// dated reports whether a claim is checked against its sentence's clock
// time: a user name or an address.
func dated(c claim) bool {
	return c.kind == kindName && (c.user || (c.textual && c.class == classNone && isAddress(c.key)))
}

// portList reports a sentence that names several entities and then lists
// several ports after all of them.
func portList(claims []claim, anchors []claim, sent int) bool {
	if len(anchors) < 2 {
		return false
	}
	n := 0
	for _, c := range claims {
		if c.sent == sent && c.kind == kindPort {
			if c.off < anchors[len(anchors)-1].off {
				return false
			}
			n++
		}
	}
	return n >= 2
}

// listStart returns where the subjects of a state said of several begin:
// after the last ": " before it in its sentence, else 0.
func listStart(answer string, c claim) int {
	from := max(0, c.off-clauseWindow)
	if i := strings.LastIndex(answer[from:c.off], ": "); i >= 0 {
		if j := strings.IndexAny(answer[from+i:c.off], ".\n"); j < 0 {
			return from + i
		}
	}
	return 0
}

// noSwap reports whether swap shows no size at all ("Swap: 0B 0B 0B"),
// for "there is no swap"; ok is false without its row (swaprow.go). The
// total must be there: none used (-1 marks a size not given) says nothing
// of whether swap exists.
func (ix *index) noSwap() (empty, ok bool) {
	s := ix.swap()
	return s.total == 0 && s.used <= 0 && s.free <= 0, s.total >= 0 || s.used >= 0 || s.free >= 0
}

// checkPortAddrs reports a sentence that binds one port to one address
// ("port 2024 is bound to 127.0.0.1") when no listening socket of that
// port has that address: the address may be real (lo's) and the port too.
// An address after "not on" is where the port is said not to be, so it
// binds nothing (deniedplaces.go).
func checkPortAddrs(ix *index, g *Grounding, answer string, claims []claim) {
	bySent := map[int][]claim{}
	for _, c := range claims {
		if !c.advice && (c.kind == kindPort || c.kind == kindName && c.textual && socketAddr(c.key) != "" && !deniedPlace(answer, c)) {
			bySent[c.sent] = append(bySent[c.sent], c)
		}
	}
	for _, cs := range bySent {
		if len(cs) != 2 || cs[0].kind == cs[1].kind {
			continue
		}
		port, addr := cs[0], cs[1]
		if port.kind != kindPort {
			port, addr = addr, port
		}
		if ix.unboundPort(port, addr) {
			g.Missing = append(g.Missing, addr.text+" (not "+port.text+")")
		}
	}
}

// memShare reports whether a percentage about the machine's memory ("12%
// of the memory is in use", "2.8 GiB (about 12%)") is a share of free's
// Mem row: used, free or available, or total less available, of the
// total, within one point (free prints no percentage).
func (ix *index) memShare(c claim, answer string) bool {
	field := c.field
	if field == "" || field == "memory" {
		for _, w := range plainWords(segmentText(answer, c)) {
			if f := fieldWords[w]; f == "used" || f == "available" || f == "free" {
				field = f // "12% of the memory is in use"
				break
			}
		}
	}
	vals := map[string]float64{}
	for _, r := range ix.recs {
		if r.probe != "memory_info" || strings.HasPrefix(r.text, "swap:") {
			continue
		}
		for _, v := range r.values {
			col := strings.TrimSuffix(v.col, "_bytes")
			if _, typed := vals[col]; v.kind != kindSize || strings.Contains(col, "swap") || (typed && !strings.HasSuffix(v.col, "_bytes")) {
				continue
			}
			vals[col] = (v.iv.lo + v.iv.hi) / 2
		}
	}
	total := vals["total"]
	if total <= 0 {
		return false
	}
	parts := map[string]float64{"used": vals["used"], "free": vals["free"], "available": vals["available"]}
	if a := vals["available"]; a > 0 {
		parts["in use"] = total - a
	}
	p := mid(c)
	for name, part := range parts {
		if part <= 0 || (field == "used" && name != "used" && name != "in use") ||
			((field == "available" || field == "free") && name != "available" && name != "free") {
			continue
		}
		share := 100 * part / total
		if math.Abs(share-p) <= 1 || slices.ContainsFunc(c.ivs, func(iv interval) bool { return share >= iv.lo && share < iv.hi }) {
			return true
		}
	}
	return false
}

// unboundPort reports whether ss shows sockets on port but none of them on
// addr: a port the evidence lacks is left to the plain claim check, so
// that it is not reported twice.
func (ix *index) unboundPort(port, addr claim) bool {
	var sockets, bound int
	for _, id := range ix.tokens[port.key] {
		r := ix.recs[id]
		if r.probe != "listening_ports" || !r.supports(port) {
			continue
		}
		sockets++
		if containsBounded(r.text, socketAddr(addr.key)+":"+port.key, false) {
			bound++
		}
	}
	return sockets > 0 && bound == 0
}

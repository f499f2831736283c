package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Attribution: a figure, address, port, clock time or state in a sentence
// that names an entity (a process, PID, unit, path, device or interface)
// is tied to the nearest entity before it in that sentence, or after it
// when none comes before. It is supported only by a record that also names
// that entity (the same ps row, df row, ip addr block, journal line), or
// by a global record (lscpu, free, the hardware snapshot): "firefox uses
// 1.1 GiB of your 15 GiB". A PID next to a name, and a path next to a
// device, must share a record too: "firefox (PID 2210)" is wrong when 2210
// is gnome-shell.

// maxAnchorTokens bounds the evidence words one entity name is matched
// with (docker matches dockerd, docker-proxy…).
const maxAnchorTokens = 64

// pairDistance is how many words may stand between a PID and its name
// ("firefox (PID 4242)", "PID 4242 belongs to firefox") or a path and its
// device ("/home on sda1").
const pairDistance = 3

// anchorRecords returns the records an entity occurs in, once per entity
// (an answer may name the same one many times).
func (ix *index) anchorRecords(a claim) []int32 {
	k := a.id()
	if recs, ok := ix.anchors[k]; ok {
		return recs
	}
	recs := ix.withoutPeerBlocks(a, ix.findAnchor(a)) // peerblocks.go
	ix.anchors[k] = recs
	return recs
}

// minAliasLen is the shortest process name a longer product name may
// stand for ("postgres" of PostgreSQL).
const minAliasLen = 5

func (ix *index) findAnchor(a claim) []int32 {
	switch {
	case a.kind == kindPID:
		var out []int32
		for _, id := range ix.tokens[a.key] {
			if ix.recs[id].hasPID(a.key) {
				out = append(out, id)
			}
		}
		return ix.withEntryLines(out) // logentries.go
	case a.key == "/":
		return ix.tokens["/"]
	case a.textual:
		// Only records holding the path's last part can hold the path.
		part := a.key[strings.LastIndexAny(a.key[:len(a.key)-1], "/:.@, ")+1:]
		var out, whole []int32
		for _, id := range ix.tokens[strings.TrimRight(part, "/")] {
			if containsBounded(ix.recs[id].text, a.key, false) {
				out = append(out, id)
				if wholePath(ix.recs[id].text, a.key) {
					whole = append(whole, id)
				}
			}
		}
		if len(whole) > 0 {
			return ix.withSockets(ix.deviceLines(a, whole)) // "./daemon/" is not the row of "./daemon/desk/"
		}
		return ix.withSockets(ix.deviceLines(a, out)) // pathsockets.go; devicelines.go
	}
	recs := ix.commandNamed(a, ix.deviceLines(a, ix.nameRecords(a.key, maxAnchorTokens))) // commandnames.go
	if a.class == classProcess && !a.positional && ix.entities[a.key] != classProcess {
		// "PostgreSQL" is the product whose processes ps calls postgres.
		for _, name := range ix.processPrefixes(a.key) {
			recs = append(recs, ix.nameRecords(name, maxAnchorTokens)...)
		}
		slices.Sort(recs)
		recs = slices.Compact(recs)
	}
	if base, ok := lexicon.CutUnitSuffix(a.key); ok && a.class == classUnit {
		// A unit's events are logged by its program: certbot.timer's
		// failure time is on certbot's journal line. (Its state is read
		// from the unit's own records; see stateRecords.)
		recs = append(recs, ix.nameRecords(base, maxAnchorTokens)...)
		slices.Sort(recs)
		recs = slices.Compact(recs)
	}
	return ix.withDaemon(a, recs) // unitdaemons.go
}

// inRecords reports whether one of recs supports c.
func (ix *index) inRecords(c claim, recs []int32) bool {
	for _, id := range recs {
		if ix.recs[id].supports(c) {
			return true
		}
	}
	return false
}

// supportsGlobal reports whether a global record supports c.
func (ix *index) supportsGlobal(c claim) bool {
	switch c.kind {
	case kindSize, kindPercent, kindFreq, kindCount:
		if c.field == "" {
			return ix.anyRange(&ix.global, c)
		}
	case kindState:
		return false
	}
	for _, r := range ix.recs {
		if r.global && r.supports(c) {
			return true
		}
	}
	return false
}

// supports reports whether this record holds c.
func (r record) supports(c claim) bool {
	switch c.kind {
	case kindCount:
		return r.hasValue(c.kind, c.ivs, c.field) && (c.noun == "" || r.hasPrefix(c.noun))
	case kindSize, kindPercent, kindFreq:
		return r.hasValue(c.kind, c.ivs, c.field)
	case kindPort:
		return r.hasValue(kindPort, []interval{portAt(c.port)}, "") // portmatch.go
	case kindClock:
		return containsBounded(r.text, c.key, true)
	case kindPID:
		return r.hasPID(c.key)
	case kindState:
		return r.hasState(c.key)
	}
	if c.textual {
		return hasText(r.text, c)
	}
	return r.nameOrUser(c) // psusers.go
}

// hasPID reports whether the record shows pid as a process ID: in a PID
// column or after "pid" (ps, typed data, ss's pid=), after "process" or
// "child" (the kernel's "Killed process 6650", php-fpm's "child 3301"), or
// in brackets (journal "sshd[4410]:"); not elsewhere in a command line.
func (r record) hasPID(pid string) bool {
	n, _, ok := parseNumber(pid)
	if !ok {
		return false
	}
	for _, v := range r.values {
		if v.kind == kindCount && v.col == "pid" && v.iv.overlaps(n.plain()) {
			return true
		}
	}
	for off := 0; off < len(r.text); {
		i := strings.Index(r.text[off:], pid)
		if i < 0 {
			return false
		}
		i += off
		end := i + len(pid)
		if (i == 0 || !isDigit(r.text[i-1])) && (end == len(r.text) || !isDigit(r.text[end])) {
			before := r.text[:i]
			for _, p := range []string{"pid=", "pid ", "pid: ", "process ", "child ", "["} {
				if strings.HasSuffix(before, p) {
					return true
				}
			}
		}
		off = i + 1
	}
	return false
}

// hasPrefix reports a word of the record that starts with stem.
func (r record) hasPrefix(stem string) bool {
	return slices.ContainsFunc(r.words, func(w string) bool { return strings.HasPrefix(w, stem) })
}

// hasName matches a name against the record's words the way the index
// does (token, part, kernel-cut prefix, unit program, affix).
func (r record) hasName(key string) bool {
	base, isUnit := lexicon.CutUnitSuffix(key)
	for _, w := range r.words {
		for _, t := range append(strings.FieldsFunc(w, func(c rune) bool { return strings.ContainsRune("/:.@,", c) }), w) {
			switch {
			case t == key, len(key) > commLen && t == key[:commLen], isUnit && t == base:
				return true
			case len(key) >= minAffix && (strings.HasPrefix(t, key) || strings.HasSuffix(t, key)):
				return true
			case partitionOf(t, key):
				return true
			}
		}
	}
	return false
}

// liveProbes show only processes that exist: a process in their rows is
// running, up and active.
var liveProbes = map[string]bool{"top_memory": true, "top_cpu": true, "listening_ports": true}

// nearestAnchor returns the entity c is tied to among the anchors of its
// sentence: the name right after a figure that opens its segment
// ("7.4% firefox, 2.9% gnome-shell"), else the closest before it, else
// the closest after it; nil if the sentence names no entity the evidence
// knows.
func nearestAnchor(c claim, anchors []claim) *claim {
	var before, after *claim
	for i := range anchors {
		a := &anchors[i]
		if a.off == c.off {
			continue
		}
		if a.off < c.off {
			before = a
		} else if after == nil {
			after = a
		}
	}
	// In a bracket, only a name inside it: "qemu (6.6%, ~1.6 GiB) then python3".
	// A clock opening its segment dates the event told after it, however far.
	if (c.lead || bracketTag(c, after)) && after != nil && after.seg == c.seg && (after.wi-c.wi-strings.Count(c.text, " ") <= leadGap || c.kind == kindClock && c.lead) &&
		(c.paren < 0 || after.paren == c.paren) {
		return after
	}
	if before != nil {
		return before
	}
	// An entity after the claim is its subject only when close: "using
	// 1.1 GiB, firefox is…", not "the backup failed at 02:00:05 because
	// /srv/data was full"; or when it is the agent ("1.8 GB is held by
	// firefox"). A clock time dates the event its sentence tells, whatever
	// the order.
	if after != nil && (after.wi-c.wi <= maxAfter || c.kind == kindClock || after.agent) {
		return after
	}
	return nil
}

// leadGap is how many words may stand between a figure that opens its
// segment and the name it belongs to ("1.1 GiB for firefox").
const leadGap = 2

// maxAfter is how many words after a claim its entity may come.
const maxAfter = 4

// partner returns the entity a PID or a path must share a record with:
// the nearest process or unit name for a PID, the nearest device for a
// path (and the reverse), within pairDistance words; claims are the
// answer's, whose figures part list items (ownFigures).
func partner(c claim, anchors, claims []claim) *claim {
	want := func(a claim) bool {
		switch c.class {
		case classPID: // and a path bracketed after it: "PID 6666 (/tmp/x)"
			return a.class == classProcess || a.class == classUnit || a.class == classPath && a.paren > c.off
		case classPath:
			return a.class == classDevice
		}
		return false
	}
	if first := listHead(c, anchors); first.off != c.off {
		// "nginx runs as PIDs 930 and 931": every PID of a list is the
		// name's that its first one pairs with.
		if p := partner(first, anchors, claims); p != nil {
			return p
		}
	}
	var best *claim
	if (c.class == classPID || c.class == classPath) && c.paren >= 0 {
		// "nginx's worker (PID 1544) and postgres", "vda (256G disk,
		// mounted on /) and zram0", "/tmp/x (PID 6666)": the bracket is
		// about the name before it, a binary's path too, or the name in
		// it before the PID ("(python3 = wsdd, PID 30847), 8200 (…").
		for i := range anchors {
			a := &anchors[i]
			if (want(*a) || c.class == classPID && a.class == classPath) && (a.off < c.paren || a.paren == c.paren && a.off < c.off) && c.wi-a.wi <= pairDistance+2 {
				best = a
			}
		}
		if best != nil {
			return best
		}
	}
	for i := range anchors {
		a := &anchors[i]
		d := c.wi - a.wi
		if d < 0 {
			d = -d
		}
		if a.off == c.off || !want(*a) || d > pairDistance+1 || listed(c, *a) || ownItems(c, *a, anchors) || ownFigures(c, *a, claims) {
			continue
		}
		if best == nil || closerPair(c, *a, *best) {
			best = a
		}
	}
	return best
}

// listHead returns the first PID of the list a PID ends ("930, 931 and
// 932"), or the PID itself; a name between two PIDs parts them
// ("firefox (4242), gnome-shell (2210)").
func listHead(c claim, anchors []claim) claim {
	first := c
	for i := len(anchors) - 1; i >= 0 && c.class == classPID; i-- {
		if a := anchors[i]; a.class == classPID && a.off < first.off && first.wi-a.wi <= 2 && !nameBetween(anchors, a, first) {
			first = a
		}
	}
	return first
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// minAffix is the shortest name matched as the start or end of a longer
// evidence word.
const minAffix = 4

// affix returns up to limit evidence words that a name of at least
// minAffix bytes begins or ends: a program and its daemon (docker,
// dockerd; cups, cupsd), a package and its version (python, python3;
// postgres, postgresql), and the parts of a run-together name (manager in
// networkmanager).
func (ix *index) affix(name string, limit int) []string {
	if len(name) < minAffix {
		return nil
	}
	if ix.sorted == nil {
		ix.sorted = make([]string, 0, len(ix.tokens))
		ix.reversed = make([]string, 0, len(ix.tokens))
		for t := range ix.tokens {
			ix.sorted = append(ix.sorted, t)
			ix.reversed = append(ix.reversed, reverse(t))
		}
		slices.Sort(ix.sorted)
		slices.Sort(ix.reversed)
	}
	var out []string
	i, _ := slices.BinarySearch(ix.sorted, name)
	for ; i < len(ix.sorted) && len(out) < limit && strings.HasPrefix(ix.sorted[i], name); i++ {
		out = append(out, ix.sorted[i])
	}
	rn := reverse(name)
	j, _ := slices.BinarySearch(ix.reversed, rn)
	for ; j < len(ix.reversed) && len(out) < limit && strings.HasPrefix(ix.reversed[j], rn); j++ {
		out = append(out, reverse(ix.reversed[j]))
	}
	return out
}

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

// partitionOf reports whether t is a partition of the disk key (sda1 of
// sda, nvme0n1p2 of nvme0n1): "sda holds /home" when sda1 is mounted there.
func partitionOf(t, key string) bool {
	rest, ok := strings.CutPrefix(t, key)
	if !ok || rest == "" || !lexicon.IsBlockDevice(key) {
		return false
	}
	return allDigits(strings.TrimPrefix(rest, "p"))
}

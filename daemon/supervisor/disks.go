package supervisor

import (
	"regexp"
	"strings"
)

// Relations between mounts, read from df's rows and lsblk's tree:
//
//   - "/home on sda1 is even fuller at 59%", "/ has more free space than
//     /home": fuller, emptier, more or less full, used or free, more or
//     less space or room, bigger, larger, smaller compare the two mounts'
//     Use%, Avail or Size. The second is the mount after "than", else the
//     nearest other one named before the subject.
//   - "/home is on the same NVMe drive", "/mnt/data is on the same disk as
//     your root filesystem", "/ and /boot/efi are on the same disk", "on a
//     separate disk": the two mounts' disks (their df source's lsblk
//     parent, or the disk its name is a partition of) must be the same, or
//     not; "the same partition" or "filesystem" compares the sources. A
//     tmpfs is on no disk.
//   - "It sits on /dev/vda": a device a mount is said to be on (or mounted
//     from, backed by) must be its source or the source's disk.

// dfRow is one row of df's table.
type dfRow struct {
	source, mount     string
	size, avail, used float64
}

// dfRows returns the rows of df's table in the evidence, read once per
// index; callers do not change them.
func (ix *index) dfRows() []dfRow {
	if ix.df == nil {
		rows := ix.readDFRows()
		ix.df = &rows
	}
	return *ix.df
}

func (ix *index) readDFRows() []dfRow {
	var out []dfRow
	for _, r := range ix.recs {
		f := strings.Fields(r.text)
		if r.probe != "disk_usage" || len(f) != 6 || !strings.HasSuffix(f[4], "%") || !strings.HasPrefix(f[5], "/") {
			continue
		}
		// The index read the row's figures: its sizes in bytes (the
		// binary reading first), its Use% a percentage.
		pct, ok := printedValue(r, kindPercent, "use%")
		if !ok {
			continue
		}
		size, _ := printedValue(r, kindSize, "size")
		avail, _ := printedValue(r, kindSize, "avail")
		out = append(out, dfRow{source: f[0], mount: f[5], size: size, avail: avail, used: pct})
	}
	return out
}

// printedValue returns the figure a record prints under col, as printed
// (the middle of its rounding interval); -1 and false without one.
func printedValue(r record, k kind, col string) (float64, bool) {
	for _, v := range r.values {
		if v.kind == k && v.col == col {
			return (v.iv.lo + v.iv.hi) / 2, true
		}
	}
	return -1, false
}

// diskOf returns the disk a block device is on: its top-level parent in
// lsblk's tree, else the name less a partition number (sda1, nvme0n1p2);
// "" for a source that is no block device (tmpfs).
func (ix *index) diskOf(source string) string {
	return diskIn(ix.lsblkRows(), source)
}

// diskIn is diskOf over lsblk's rows read once.
func diskIn(rows []lsblkRow, source string) string {
	name, ok := strings.CutPrefix(source, "/dev/")
	if !ok && !isBlockName(source) {
		return ""
	}
	for _, b := range rows {
		if b.name == name {
			return b.top
		}
	}
	if d := partitionDisk(name); d != "" && len(rows) == 0 {
		return d // diskparts.go
	}
	return name
}

// lsblkRow is a row of lsblk's tree: its device, the disk at the top of
// its branch, whether it is a table row (with MAJ:MIN), whether that row
// lists a mountpoint, and its RO column (ro −1 when the row has none).
type lsblkRow struct {
	name, top        string
	table, mountline bool
	ro               int
}

// lsblkRows walks lsblk's tree once.
func (ix *index) lsblkRows() []lsblkRow {
	var out []lsblkRow
	top := ""
	for _, r := range ix.recs {
		if r.probe != "block_devices" || len(r.words) == 0 {
			continue
		}
		f := strings.Fields(r.text)
		n := strings.TrimLeft(f[0], "├└│─`|- ")
		if n == f[0] {
			top = n
		}
		table := len(f) >= 6 && strings.Contains(f[1], ":")
		ro := -1
		if v, ok := printedValue(r, kindCount, "ro"); ok && table && (v == 0 || v == 1) {
			ro = int(v)
		}
		out = append(out, lsblkRow{name: n, top: top, table: table, mountline: table && len(f) > 6, ro: ro})
	}
	return out
}

var partitionName = regexp.MustCompile(`^((?:nvme\d+n\d+|mmcblk\d+)p|(?:[shv]d|xvd)[a-z]+)\d+$`)

func isBlockName(s string) bool { return partitionName.MatchString(s) || diskName.MatchString(s) }

var diskName = regexp.MustCompile(`^(nvme\d+n\d+|mmcblk\d+|(?:[shv]d|xvd)[a-z]+|md\d+|zram\d+|loop\d+|dm-\d+)$`)

// mountRef is a mount or device an answer names: its df row (or -1), its
// source and its disk.
type mountRef struct {
	c      claim
	row    int
	source string
	disk   string
}

// resolveMount returns what a path or device claim names, if df or lsblk
// shows it.
func (ix *index) resolveMount(c claim, rows []dfRow) (mountRef, bool) {
	switch c.class {
	case classPath:
		for i, r := range rows {
			if r.mount == c.key {
				src := rows[backingRow(rows, i)].source // overlaybacking.go
				return mountRef{c, i, src, ix.diskOf(src)}, true
			}
		}
	case classDevice:
		name := strings.TrimPrefix(c.key, "/dev/")
		for i, r := range rows {
			if strings.TrimPrefix(r.source, "/dev/") == name {
				return mountRef{c, i, r.source, ix.diskOf(r.source)}, true
			}
		}
		if isBlockName(name) {
			if d := ix.diskOf(name); d != "" {
				return mountRef{c, -1, "/dev/" + name, d}, true
			}
		}
	}
	return mountRef{}, false
}

// sameThing reports whether two references name one mount.
func (m mountRef) sameThing(o mountRef) bool {
	return m.row >= 0 && m.row == o.row || m.source == o.source
}

var (
	// mountComparatives: the word, and what it compares in which
	// direction.
	mountComparative = regexp.MustCompile(`\b(fuller|emptier|bigger|larger|smaller|(?:more|less) (?:full|used|free|space|room|headroom|free space|disk space))\b`)
	sameDisk         = regexp.MustCompile(`\b(same|different|separate|another|distinct)\s+(?:[\w-]+\s+){0,2}?(disks?|drives?|devices?|ssds?|nvmes?|hdds?|partitions?|filesystems?|volumes?)\b`)
	onDevice         = regexp.MustCompile(`\b(?:sits?|is|are|lives?|resides?|stored|located|mounted|backed|hosted)\s+(?:on|from|by)\s+(?:(?:the|a|an)\s+)?(?:[\w-]+\s+){0,2}$`)
	pronounOpen      = regexp.MustCompile(`^(?:it|its|it's|this|that)\b`)
)

// checkMounts reports the comparisons, shared disks and devices of mounts
// that df and lsblk contradict.
func checkMounts(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	low := asciiLower(answer) // keeps the claims' offsets: "\u212a" lowercases to one byte
	if !strings.Contains(ix.text, "probe disk_usage") && !strings.Contains(ix.text, "probe block_devices") {
		return
	}
	checkMountStates(ix, g, answer, claims) // mountstates.go
	checkMountSources(ix, g, answer, claims)
	checkPlacements(ix, g, answer, claims, facts) // placements.go
	checkDeviceTypes(ix, g, answer, claims)       // devicetypes.go
	checkReadOnlyDevices(ix, g, answer, claims)   // readonlydevices.go
	rows := ix.dfRows()
	refs := map[int][]mountRef{} // by sentence
	for _, c := range claims {
		if m, ok := ix.resolveMount(c, rows); ok && !c.advice {
			refs[c.sent] = append(refs[c.sent], m)
		}
	}
	for k, f := range facts {
		start := f.at.start
		sent := low[start:f.at.end]
		ms := refs[k]
		var prev []mountRef
		if k > 0 {
			prev = refs[k-1]
		}
		// "It sits on /dev/vda": the pronoun is the previous sentence's
		// subject.
		var subject *mountRef
		if pronounOpen.MatchString(strings.TrimLeft(sent, " \t*-•")) && len(prev) > 0 {
			subject = &prev[0]
		}
		for _, loc := range mountComparative.FindAllStringIndex(sent, -1) {
			compareMounts(g, rows, sent[loc[0]:loc[1]], start+loc[0], start+loc[1], low, ms, prev, subject)
		}
		for _, loc := range sameDisk.FindAllStringSubmatchIndex(sent, -1) {
			shareDisk(g, sent[loc[2]:loc[3]], sent[loc[4]:loc[5]], start+loc[0], start+loc[1], low, ms, prev, subject)
		}
		for _, m := range ms {
			if m.c.class != classDevice || !onDevice.MatchString(low[max(start, m.c.off-30):m.c.off]) {
				continue
			}
			x := subject
			for i := range ms {
				if ms[i].c.off < m.c.off && ms[i].c.class == classPath {
					x = &ms[i]
				}
			}
			if x != nil && x.c.class == classPath && !x.sameThing(m) && !negated(low[min(x.c.off, m.c.off):m.c.off]) && (m.row >= 0 || m.disk != x.disk && m.disk != strings.TrimPrefix(x.source, "/dev/")) {
				g.Missing = append(g.Missing, x.c.text+" (on "+m.c.text+")")
			}
		}
	}
}

// before returns the last reference before off that names another mount
// than not (nil for none), from ms, else from prev.
func before(off int, ms, prev []mountRef, not *mountRef) *mountRef {
	for _, list := range [][]mountRef{ms, prev} {
		for i := len(list) - 1; i >= 0; i-- {
			if m := &list[i]; m.c.off < off && (not == nil || !m.sameThing(*not)) {
				return m
			}
		}
	}
	return nil
}

// compareMounts checks one comparative word said of two mounts.
func compareMounts(g *Grounding, rows []dfRow, word string, at, end int, low string, ms, prev []mountRef, subject *mountRef) {
	x := before(at, ms, nil, nil)
	if x == nil {
		x = subject
	}
	if x == nil || x.row < 0 || negated(low[min(x.c.off, at):at]) {
		return
	}
	var y *mountRef
	if thanNext(low[end:]) {
		for i := range ms {
			if ms[i].c.off > end && !ms[i].sameThing(*x) {
				y = &ms[i]
				break
			}
		}
	} else {
		y = before(x.c.off, ms, prev, x)
	}
	if y == nil || y.row < 0 {
		return
	}
	a, b := rows[x.row], rows[y.row]
	var va, vb float64
	switch {
	case strings.Contains(word, "free") || strings.Contains(word, "space") || strings.Contains(word, "room"):
		va, vb = a.avail, b.avail
	case word == "bigger" || word == "larger" || word == "smaller":
		va, vb = a.size, b.size
	default:
		va, vb = a.used, b.used
	}
	dir := 1
	if word == "emptier" || word == "smaller" || strings.HasPrefix(word, "less") {
		dir = -1
	}
	if va < 0 || vb < 0 || va == vb {
		return
	}
	if !holds(dir, va, vb) {
		g.Missing = append(g.Missing, x.c.text+" "+word+" than "+y.c.text)
	}
}

// thanNext reports "than" within the next words of rest, past the nouns a
// comparative may take: "more free space left than /home".
func thanNext(rest string) bool {
	for i, w := range plainWords(rest[:min(len(rest), 40)]) {
		switch {
		case w == "than":
			return true
		case i > 3 || !spaceNouns[w]:
			return false
		}
	}
	return false
}

var spaceNouns = map[string]bool{"space": true, "room": true, "headroom": true, "disk": true, "storage": true,
	"capacity": true, "left": true, "available": true, "free": true}

// negated reports a "not" or "n't" in text, or a modal or advice word:
// "deleting old logs would give / more free space", "consider moving it
// to a separate disk" say what could be, not what is.
func negated(text string) bool {
	for _, w := range plainWords(text) {
		if unasserted[w] {
			return true
		}
	}
	return false
}

var unasserted = map[string]bool{"not": true, "t": true, "never": true, "no": true, "would": true, "could": true,
	"should": true, "might": true, "may": true, "can": true, "will": true, "consider": true, "if": true,
	"move": true, "moving": true, "put": true, "putting": true}

// shareDisk checks "the same disk" (or a separate one) said of two mounts.
func shareDisk(g *Grounding, adj, noun string, at, end int, low string, ms, prev []mountRef, subject *mountRef) {
	var x, y *mountRef
	after := strings.TrimLeft(low[end:], " ")
	switch {
	case strings.HasPrefix(after, "as ") || strings.HasPrefix(after, "than ") || strings.HasPrefix(after, "from "):
		// "X is on the same disk as Y": X is the sentence's subject.
		x = subject
		if x == nil {
			for i := range ms {
				if ms[i].c.off < at {
					x = &ms[i]
					break
				}
			}
		}
		for i := range ms {
			if ms[i].c.off > end && (x == nil || !ms[i].sameThing(*x)) {
				y = &ms[i]
				break
			}
		}
	case strings.HasSuffix(noun, "s") || strings.Contains(low[max(0, at-40):at], "both"):
		// "/ and /boot/efi are on the same disk", "on different disks".
		for i := range ms {
			if ms[i].c.off >= at {
				break
			}
			if x == nil {
				x = &ms[i]
			} else if y == nil && !ms[i].sameThing(*x) {
				y = &ms[i]
			}
		}
	default:
		x = before(at, ms, nil, nil)
		if x == nil {
			x = subject
		}
		if x != nil {
			y = before(x.c.off, ms, prev, x)
		}
	}
	if x == nil || y == nil || x.sameThing(*y) || negated(low[min(x.c.off, y.c.off):at]) {
		return
	}
	a, b := x.disk, y.disk
	if strings.HasPrefix(noun, "partition") || strings.HasPrefix(noun, "filesystem") || strings.HasPrefix(noun, "volume") {
		a, b = x.source, y.source
	}
	same := a != "" && a == b
	if same != (adj == "same") {
		g.Missing = append(g.Missing, x.c.text+" and "+y.c.text+" ("+adj+" "+noun+")")
	}
}

package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// ranges is a list of value ranges sorted by lower end, with the widest
// width, so a lookup only scans the ranges that can reach the query.
type ranges struct {
	ivs   []interval
	width float64
}

func (r *ranges) add(iv interval) {
	r.ivs = append(r.ivs, iv)
	r.width = max(r.width, iv.hi-iv.lo)
}

func (r *ranges) sort() {
	slices.SortFunc(r.ivs, func(a, b interval) int {
		switch {
		case a.lo < b.lo:
			return -1
		case a.lo > b.lo:
			return 1
		}
		return 0
	})
}

// overlaps reports whether any range overlaps q: binary search for the
// first range starting after q, then walk back while a range could still
// reach q.
func (r *ranges) overlaps(q interval) bool {
	end, _ := slices.BinarySearchFunc(r.ivs, q.hi, func(iv interval, hi float64) int {
		if iv.lo < hi {
			return -1
		}
		return 1
	})
	for j := end - 1; j >= 0 && r.ivs[j].lo >= q.lo-r.width; j-- {
		if r.ivs[j].overlaps(q) {
			return true
		}
	}
	return false
}

// value is one figure of the evidence: its kind and the values it stands
// for.
type value struct {
	kind kind
	iv   interval
	col  string // the column, key or field name it was printed under
}

// record is one row of the evidence: a line, with the indented lines under
// it (ip addr prints an interface's addresses below it). Figures in an
// answer's sentence about an entity must come from a record of that
// entity.
type record struct {
	probe string
	// global records describe the machine as a whole (lscpu, free, the
	// hardware snapshot): their figures may sit beside any entity ("firefox
	// uses 1.1 GiB of your 15 GiB").
	global bool
	text   string // lowercased
	words  []string
	values []value
}

// index is evidence prepared for lookups: its records, the figures they
// contain by kind (all, and global only), and its words and subwords with
// the records they occur in.
type index struct {
	recs        []record
	all, global [numNumeric]ranges
	tokens      map[string][]int32
	text        string
	// entities are the names of processes, interfaces and journal
	// identifiers the evidence shows (see learn).
	entities map[string]class
	// anchors caches anchorRecords by claim id.
	anchors map[string][]int32
	// sorted and reversed hold the tokens sorted, and reversed then sorted,
	// for prefix and suffix lookups; built on first use.
	sorted, reversed []string
	clock            *clock    // see times, built on first use
	tl               *timeline // see timed (timeline.go), built on first use
	// psProgs are the programs ps lists (see psNames), built on first use.
	psProgs map[string]bool
	// journal caches journalEntries (journalcounts.go).
	journal *journalEntriesCache
	// sockets caches the listening sockets by port and the far ends of
	// lines (portsockets.go).
	sockets *socketsCache
	// loginFails caches the journal's failed logins (loginscache.go).
	loginFails *loginsCache
	// df caches dfRows (disks.go): a cited sentence asks it per list item.
	df *[]dfRow
	// logPorts caches loggedPorts (farreplies.go).
	logPorts map[string]bool
	// partDisks are the disks of the evidence's partition names
	// (hasPartitionOf), built on first use.
	partDisks map[string]bool
	logIDs    *logIDsCache // answerLogIDs (logids.go)
	// memLabelled caches labelledMemory by figure (loggedmemory.go).
	memLabelled map[string]bool
	// terse caches terseTokens of the last reply asked about: Check and
	// then Judge ask about the same one (terseanswer.go).
	terse *terseMemo
}

// newIndex cuts text into records and reads every figure and word of
// each. A record's figures take their unit from the figure itself ("1.2G",
// "37%"), from its table column (ps %MEM is a percentage, RSS and VSZ are
// KiB) or from its key ("CPU max MHz: 4850"); a number with none of these
// is a plain count. Marker lines written by EvidenceText ("probe <id> …",
// "hardware and facts") say which probe the following records came from.
func newIndex(text string) *index {
	ix := &index{tokens: map[string][]int32{}, text: strings.ToLower(text), entities: map[string]class{},
		anchors: map[string][]int32{}}
	probe, global := "", false
	var cols []string
	for _, line := range strings.Split(ix.text, "\n") {
		if strings.TrimSpace(line) == "" {
			cols = nil
			continue
		}
		// A record's words are those of its lines, cut once: a newline
		// always ends a word.
		ws := splitWordsAt(line)
		if id, ok := marker(line); ok {
			probe, global, cols = id, globalProbes[id], nil
			ix.recs = append(ix.recs, record{probe: probe, global: global, text: line, words: wordTexts(nil, ws)})
			continue
		}
		fields := strings.Fields(line)
		if isHeader(fields) {
			cols = fields
		}
		n := len(ix.recs)
		if n > 0 && (line[0] == ' ' || line[0] == '\t') && cols == nil && ix.recs[n-1].probe == probe {
			r := &ix.recs[n-1]
			r.text += "\n" + line
			r.words = wordTexts(r.words, ws)
			r.values = append(r.values, lineValues(line, fields, nil, ws)...)
			continue
		}
		ix.recs = append(ix.recs, record{probe: probe, global: global, text: line, words: wordTexts(nil, ws),
			values: lineValues(line, fields, cols, ws)})
		ix.learn(line, fields, cols)
	}
	for id := range ix.recs {
		r := &ix.recs[id]
		for _, w := range r.words {
			ix.addToken(w, int32(id))
		}
		for _, v := range r.values {
			ix.all[v.kind].add(v.iv)
			if r.global {
				ix.global[v.kind].add(v.iv)
			}
		}
	}
	for k := range ix.all {
		ix.all[k].sort()
		ix.global[k].sort()
	}
	return ix
}

// wordTexts appends the texts of ws to dst.
func wordTexts(dst []string, ws []word) []string {
	dst = slices.Grow(dst, len(ws))
	for _, w := range ws {
		dst = append(dst, w.text)
	}
	return dst
}

// hardwareMarker heads the hardware snapshot and facts in EvidenceText.
const hardwareMarker = "hardware and facts"

// globalProbes describe the machine as a whole rather than its entities.
var globalProbes = map[string]bool{"cpu_info": true, "memory_info": true, hardwareMarker: true}

// marker reads a line EvidenceText writes before each probe's output.
func marker(line string) (string, bool) {
	if line == hardwareMarker {
		return line, true
	}
	rest, ok := strings.CutPrefix(line, "probe ")
	if !ok {
		return "", false
	}
	id, _, _ := strings.Cut(rest, " ")
	return id, probeIDs[id]
}

// addToken records a word and its parts, so "/usr/sbin/sshd",
// "nginx.service" and "users:sshd" also yield "sshd" and "nginx".
func (ix *index) addToken(w string, rec int32) {
	ix.post(w, rec)
	start := 0
	for i := 0; i <= len(w); i++ {
		if i < len(w) && strings.IndexByte("/:.@,", w[i]) < 0 {
			continue
		}
		if start > 0 || i < len(w) { // w itself is already in
			if part := w[start:i]; part != "" {
				ix.post(part, rec)
			}
		}
		start = i + 1
	}
}

func (ix *index) post(t string, rec int32) {
	p := ix.tokens[t]
	if n := len(p); n == 0 || p[n-1] != rec {
		ix.tokens[t] = append(p, rec)
	}
}

// commLen is the kernel's limit on a process name (TASK_COMM_LEN - 1): ps
// and ss show "systemd-journal" for systemd-journald.
const commLen = 15

// has reports whether the evidence supports c anywhere.
func (ix *index) has(c claim) bool {
	switch c.kind {
	case kindSize, kindPercent, kindFreq, kindCount:
		if c.field != "" || c.noun != "" {
			return slices.ContainsFunc(ix.recs, func(r record) bool { return r.supports(c) })
		}
		return ix.anyRange(&ix.all, c)
	case kindPort:
		return ix.all[kindPort].overlaps(portAt(c.port)) // portmatch.go
	case kindPID:
		return len(ix.tokens[c.key]) > 0
	case kindHWCount:
		return ix.hwCount(c)
	case kindClock:
		return containsBounded(ix.text, c.key, true)
	case kindState:
		return true // a state is only checked against its entity
	}
	if c.textual {
		return hasText(ix.text, c) || len(ix.deviceLines(c, nil)) > 0 // "dev sdb1" is /dev/sdb1
	}
	return len(ix.nameRecords(c.key, 1)) > 0 || c.class == classDevice && ix.hasPartitionOf(c.key) // diskparts.go
}

func (ix *index) anyRange(rs *[numNumeric]ranges, c claim) bool {
	for _, iv := range c.ivs {
		if rs[c.kind].overlaps(iv) {
			return true
		}
	}
	return false
}

// hwCount reports whether a global record names the claim's hardware noun
// ("CPU(s): 2", "cores 8", "Thread(s) per core: 2") with exactly its
// number. Without global records (bare text), any record may.
func (ix *index) hwCount(c claim) bool {
	if c.noun == "socket" && ix.socketTotal(c.ivs) {
		return true // "3 sockets in total" of the socket table
	}
	anyGlobal := slices.ContainsFunc(ix.recs, func(r record) bool { return r.global })
	for _, r := range ix.recs {
		if (r.global || !anyGlobal) && r.hasCount(c.noun, c.ivs) {
			return true
		}
	}
	return false
}

// hasCount reports a count of a hardware noun under one of its keys.
func (r record) hasCount(noun string, ivs []interval) bool {
	for _, v := range r.values {
		if v.kind == kindCount && slices.Contains(hwKeys[noun], v.col) && v.iv.overlaps(ivs[0]) {
			return true
		}
	}
	return false
}

// hasValue reports a figure of kind k, in a column compatible with field,
// that overlaps one of ivs.
func (r record) hasValue(k kind, ivs []interval, field string) bool {
	for _, v := range r.values {
		if v.kind == k && compatible(field, v.col) && v.overlapsAny(ivs) {
			return true
		}
	}
	return false
}

// nameRecords returns the records a name occurs in, as a token, as its
// first commLen bytes, as the program of a unit, or as the start or end
// of a longer word (see affix); at most limit token matches are merged.
func (ix *index) nameRecords(key string, limit int) []int32 {
	if recs, ok := ix.roleRecords(key); ok { // rolenames.go
		slices.Sort(recs)
		return slices.Compact(recs)
	}
	var out []int32
	for _, t := range ix.nameTokens(key, limit) {
		out = append(out, ix.tokens[t]...)
		if len(out) >= limit && limit == 1 {
			break
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (ix *index) nameTokens(key string, limit int) []string {
	if len(ix.tokens[key]) > 0 {
		// "python" is also the interpreter ps shows as python3.11.
		return append([]string{key}, versioned(key, ix.affix(key, limit))...)
	}
	if len(ix.tokens[key+"d"]) > 0 { // ssh is sshd, cups is cupsd
		return []string{key + "d"}
	}
	if len(key) > commLen && len(ix.tokens[key[:commLen]]) > 0 {
		return []string{key[:commLen]}
	}
	if base, ok := lexicon.CutUnitSuffix(key); ok {
		if ix.otherUnit(key, base) {
			return nil
		}
		if len(ix.tokens[base]) > 0 {
			return []string{base}
		}
		key = base
	}
	if out := ix.affix(key, limit); len(out) > 0 {
		return out
	}
	if out := ix.aliasTokens(key); len(out) > 0 {
		return out
	}
	return ix.kindTokens(key) // kindnouns.go
}

// versioned returns the tokens that are name followed by a version
// (python3, python3.11, php8.2): the same program.
func versioned(name string, tokens []string) []string {
	var out []string
	for _, t := range tokens {
		if rest, ok := strings.CutPrefix(t, name); ok && rest != "" && isDigit(rest[0]) && strings.Trim(rest, "0123456789.") == "" {
			out = append(out, t)
		}
	}
	return out
}

package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
	"github.com/jjgarcianorway/anna-assistant/probes"
)

var probeIDs = func() map[string]bool {
	m := map[string]bool{}
	for _, id := range probes.IDs {
		m[id] = true
	}
	return m
}()

// headerNames are the column names of the tables probes print (ps, df,
// lsblk, ss, systemctl, free). A line with three of them is a header.
var headerNames = lexicon.NewSet(`user pid %cpu %mem vsz rss tty stat start time command filesystem
	size used avail use% mounted name maj:min rm ro type mountpoints mountpoint netid recv-q send-q
	unit load active sub description total free shared buff/cache available`)

// columnUnits give the unit of a unitless number by its column: ps prints
// %CPU and %MEM without a % sign and RSS and VSZ in KiB.
var columnUnits = map[string]unit{
	"%cpu": units["%"], "%mem": units["%"], "use%": units["%"], "cpu%": units["%"], "mem%": units["%"],
	"rss": units["kib"], "vsz": units["kib"],
	"size": units["b"], "used": units["b"], "avail": units["b"], "total": units["b"], "free": units["b"],
	"shared": units["b"], "available": units["b"], "buff/cache": units["b"],
}

// unitKeys are the unit words a "key:" may end with ("CPU max MHz:").
var unitKeys = lexicon.NewSet(`hz khz mhz ghz kib mib gib kb mb gb bytes % percent`)

func isHeader(fields []string) bool {
	n := 0
	for _, f := range fields {
		if _, _, num := parseNumber(f); num {
			return false
		}
		if headerNames[f] {
			n++
		}
	}
	return n >= 3
}

// lineValues reads the figures of one lowercased evidence line: every
// number as a count, numbers with a unit (attached, the next word, their
// column in cols, or the unit word of their "key:") in that unit, and
// ports (":22", "0.0.0.0:22", "port 22"). words are the line's words
// (splitWordsAt), cut once for the index and the figures.
func lineValues(line string, fields, cols []string, words []word) []value {
	var out []value
	col := ""
	addNum := func(n number, u unit) {
		for _, iv := range n.intervals(u) {
			out = append(out, value{u.kind, iv, col})
		}
	}
	addPort := func(s string) {
		if p, ok := lexicon.Port(s); ok {
			out = append(out, value{kindPort, interval{float64(p) - 0.5, float64(p) + 0.5}, ""})
		}
	}
	// colAt names the column of the field at byte offset off.
	colAt := func(int) string { return "" }
	if cols != nil && !isHeader(fields) {
		shift := 0
		if len(fields) > 0 && strings.HasSuffix(fields[0], ":") && !strings.HasSuffix(cols[0], ":") {
			shift = 1 // free's "Mem:" and "Swap:" label their rows
		}
		starts := fieldStarts(line)
		colAt = func(off int) string {
			i, found := slices.BinarySearch(starts, off)
			if !found {
				i--
			}
			if i-shift >= 0 && i-shift < len(cols) && i < len(fields) {
				return cols[i-shift]
			}
			return ""
		}
		for i, f := range fields {
			u, ok := unit{}, false
			col = ""
			if i-shift >= 0 && i-shift < len(cols) {
				u, ok = columnUnits[cols[i-shift]]
				col = cols[i-shift]
			}
			if n, used, num := parseNumber(f); ok && num && used == len(f) {
				addNum(n, u)
			}
		}
	}
	keyEnd, keyUnit, key := -1, unit{}, ""
	// A key ends with a colon after a letter or bracket ("CPU max MHz:",
	// "CPU(s):"); "09:41" is a time.
	if k := strings.IndexByte(line, ':'); k > 0 && cols == nil && !isDigit(line[k-1]) {
		key = strings.TrimSpace(line[:k])
		keyEnd = k
		for _, w := range strings.FieldsFunc(line[:k], func(r rune) bool { return r == ' ' || r == '(' || r == ')' }) {
			if unitKeys[w] {
				keyUnit = units[w]
			}
		}
	}
	for i, wd := range words {
		switch {
		case cols != nil:
			col = colAt(wd.off)
		case i > 0 && typedKey(words[i-1].text):
			// Typed data is written "key value": a colon before it is
			// in a command or message ("java -XX:+UseG1GC … cpu_percent
			// 51.2%", "nginx: master process"), not a key of its own.
			col = words[i-1].text
		case keyEnd > 0 && wd.off > keyEnd:
			col = key
		case i > 0:
			col = words[i-1].text // typed data: "rss_kib 1153024 KiB"
		default:
			col = ""
		}
		w := wd.text
		if rest, ok := strings.CutPrefix(w, ":"); ok && allDigits(rest) {
			addPort(rest)
		}
		if _, port, ok := hostPort(w); ok {
			addPort(itoa(port))
		} else if parenPort(line, words, i) {
			addPort(w) // clientports.go
		}
		if (w == "port" || w == "ports") && i+1 < len(words) {
			addPort(words[i+1].text)
		}
		if k := strings.LastIndexByte(w, ':'); k > 0 && k+1 < len(w) && !isDigit(w[0]) && isDigit(w[k+1]) {
			// The kernel's "anon-rss:4194304kB", "total-vm:9120344kB".
			col, w = w[:k], w[k+1:]
		}
		if !isDigit(w[0]) || isClock(w) || lexicon.IsIPv4(w) || isVersion(w) {
			continue
		}
		n, used, ok := parseNumber(w)
		if !ok {
			continue
		}
		if cols == nil && i > 0 {
			n = typedPrecision(words[i-1].text, n) // typedfigures.go
		}
		out = append(out, value{kindCount, n.plain(), col})
		suffix := w[used:]
		if suffix == "" && i+1 < len(words) {
			if _, isUnit := units[words[i+1].text]; isUnit {
				suffix = words[i+1].text
			}
		}
		if u, ok := units[suffix]; ok && u.kind < numNumeric {
			addNum(n, binaryLetter(u, w[used:]))
		} else if suffix == "" && keyUnit != (unit{}) && wd.off > keyEnd {
			addNum(n, keyUnit)
		} else if m, u, ok := restated(suffix); ok {
			addNum(m, u)
		}
	}
	return out
}

// restated returns the size after the slash of "2040109465/1.8gb", the
// form Elasticsearch prints a byte count in: its own rounding of the
// bytes ("1.8gb" for 2040109465, 1.9 GiB) is a figure the line gives, in
// binary units whatever the letters.
func restated(suffix string) (number, unit, bool) {
	rest, ok := strings.CutPrefix(suffix, "/")
	if !ok || rest == "" || !isDigit(rest[0]) {
		return number{}, unit{}, false
	}
	m, used, ok := parseNumber(rest)
	if !ok {
		return number{}, unit{}, false
	}
	u, ok := units[rest[used:]]
	if !ok || u.kind != kindSize {
		return number{}, unit{}, false
	}
	u.alt = 0 // its "gb" is GiB
	return m, u, true
}

// fieldStarts returns the byte offsets where the whitespace-separated
// fields of line start.
func fieldStarts(line string) []int {
	var out []int
	for i := 0; i < len(line); i++ {
		if line[i] != ' ' && line[i] != '\t' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			out = append(out, i)
		}
	}
	return out
}

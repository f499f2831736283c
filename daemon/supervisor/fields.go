package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A figure may say which column of a table it is from: "6.1 GiB used",
// "9.3 GiB available", "12.3% CPU", "7.4% of memory", "90% full". Such a
// figure is matched only against evidence figures of that column (free's
// used, df's Avail, ps %CPU, typed used_bytes…), so the used and the
// available memory, or a process's CPU and memory share, are not
// interchangeable. Evidence figures of no known column match any field.

// fieldWords name a column after a figure, by the field they mean.
var fieldWords = map[string]string{
	"used": "used", "use": "used", "usage": "used", "full": "used", "occupied": "used",
	"free": "free", "available": "available", "avail": "available", "left": "available", "remaining": "available",
	"total": "total", "size": "total", "capacity": "total",
	"cpu": "cpu", "processor": "cpu",
	"memory": "memory", "ram": "memory", "mem": "memory", "resident": "memory",
	"virtual": "virtual", "vsz": "virtual",
	"cache": "cache", "cached": "cache", "buffers": "cache", "buff": "cache", "shared": "shared",
}

// fieldColumns are the parts of evidence column names ("%cpu", "use%",
// "avail_bytes") each field may match. People say "free" for df's Avail,
// but "available" never means free's "free", and memory said free is
// free's free column (inRAM, scopes.go): "21Gi free" beside "2.4Gi used"
// where free prints 20Gi free and 21Gi available is wrong.
var fieldColumns = map[string][]string{
	"used": {"use"}, "free": {"free", "avail"}, "available": {"avail"}, "total": {"total", "size"},
	"cpu": {"cpu"}, "memory": {"mem", "rss"}, "virtual": {"vsz", "total-vm"},
	"cache": {"cache", "buff"}, "shared": {"shared"},
}

// fieldLookahead is how many words after a figure may name its column,
// and fieldWindow how many bytes around it are read for them (it keeps
// extraction linear in the answer).
const (
	fieldLookahead = 4
	fieldWindow    = 120
)

// fieldOf returns the field a figure names in the words right after it,
// up to the next figure, comma, bracket or clause. Only sizes and
// percentages have fields, and only percentages a CPU or memory one.
func fieldOf(answer string, c claim) string {
	if c.kind != kindSize && c.kind != kindPercent {
		return ""
	}
	rest := answer[min(len(answer), c.off+len(c.text)):]
	rest = rest[:min(len(rest), fieldWindow)]
	if i := strings.IndexAny(rest, ",;()[]:!?\n"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.Index(rest, ". "); i >= 0 {
		rest = rest[:i]
	}
	ws := fieldText(rest)
	n := 0
	for i := 0; i < len(ws) && n < fieldLookahead; i++ {
		w := ws[i]
		if w == "of" && i+1 < len(ws) && isDigit(ws[i+1][0]) {
			// "18 GiB of 31 GiB is used": the used figure is the first;
			// but in "821 MB of 25.3 GB total" the total is the second.
			for i++; i+1 < len(ws) && (isDigit(ws[i+1][0]) || units[ws[i+1]] != (unit{})); i++ {
			}
			if i+1 < len(ws) && fieldFor(c, ws[i+1]) == "total" {
				break
			}
			continue
		}
		if isDigit(w[0]) || phraseEnds[w] {
			break
		}
		n++
		if f := fieldFor(c, w); f != "" {
			return f
		}
	}
	// "Swap usage is 922 MiB", "Used: 6.1 GiB": a field just before.
	head := answer[:min(c.off, len(answer))]
	head = head[max(0, len(head)-fieldWindow):]
	if i := strings.LastIndexAny(head, ",;()[]!?\n"); i >= 0 {
		head = head[i+1:]
	}
	if i := strings.LastIndex(head, ". "); i >= 0 {
		head = head[i+2:] // "… is used. Swap is 4.0Gi": the last sentence's field is not this one's
	}
	before := fieldText(head)
	for k, n := len(before)-1, 0; k >= 0 && n < 2; k-- {
		if f := fieldFor(c, before[k]); f != "" && (before[k] != "use" || (k > 0 && before[k-1] == "in")) { // "A and B use 7.4%"
			if k > 0 && fieldWords[before[k-1]] == "virtual" {
				return "virtual" // "virtual size is 2.9 GiB"
			}
			return f
		}
		if approxWords[before[k]] {
			continue // "Used memory is about 4 GiB"
		}
		if subjectNouns[before[k]] {
			continue // "Used memory is 821 MB"
		}
		if !copulas[before[k]] && before[k] != "at" {
			break
		}
		n++
	}
	return ""
}

// phraseEnds end the words after a figure that may name its column: a
// new clause, or a phrase with a subject of its own ("a 24G tmpfs with
// nothing used" says nothing of what 24G is).
var phraseEnds = map[string]bool{"and": true, "but": true, "while": true, "with": true, "nothing": true, "none": true}

// subjectNouns name what a figure measures, not its column; a field word
// may stand before them ("Used memory is", "free disk space:").
var subjectNouns = map[string]bool{"memory": true, "ram": true, "swap": true, "disk": true, "space": true, "storage": true}

// looseField returns the field of a figure that may be a whole ("of 15
// GiB"): a field word right after it, only "total" after "of"; or
// virtual after "a virtual size of", "a total-vm of".
func looseField(answer string, c claim, slash bool) string {
	if virtualOf(answer, c) {
		return "virtual"
	}
	rest := answer[min(len(answer), c.off+len(c.text)):]
	ws := plainWords(rest[:min(len(rest), fieldWindow)])
	if len(ws) == 0 {
		return ""
	}
	if f := fieldFor(c, ws[0]); f == "total" || slash {
		return f
	}
	return ""
}

// fieldFor returns the field a word names for claim c: CPU and memory
// only for percentages, a total never for one ("at 90% capacity" is how
// full it is).
func fieldFor(c claim, w string) string {
	f := fieldWords[w]
	switch {
	case (f == "cpu" || f == "memory") && c.kind != kindPercent:
		return ""
	case f == "total" && c.kind == kindPercent:
		return ""
	}
	return f
}

// compatible reports whether an evidence column may hold a figure of field.
// A process's virtual size (ps VSZ, the kernel's OOM "total-vm") is only
// what the answer calls virtual: "uses 1.1 GiB", "had 9 GB resident" is
// resident memory.
func compatible(field, col string) bool {
	if (strings.Contains(col, "vsz") || strings.Contains(col, "total-vm")) && field != "virtual" {
		return false
	}
	if field == "" || col == "" {
		return true
	}
	for _, part := range fieldColumns[field] {
		if strings.Contains(col, part) {
			return true
		}
	}
	// A column that names no field at all (a count, a key like "mhz")
	// does not contradict one.
	for _, parts := range fieldColumns {
		for _, part := range parts {
			if strings.Contains(col, part) {
				return false
			}
		}
	}
	return true
}

// clauseWindow bounds how far back a clause separator is looked for.
const clauseWindow = 300

// clauseStart returns where c's clause begins: after the last ", and",
// ", but", ", so", "while" or "whereas" before it in its sentence, or at
// the sentence's start. A figure whose entity is named before its clause
// may be a machine-wide one ("firefox uses 1.1 GiB, while 6.1 GiB is in
// use").
func clauseStart(answer string, bounds []int, c claim) int {
	start := 0
	if c.sent > 0 {
		start = bounds[c.sent-1] + 1
	}
	start = max(start, c.off-clauseWindow)
	head := strings.ToLower(answer[start:min(c.off, len(answer))])
	cut := 0
	for _, sep := range []string{", and ", ", but ", " while ", " whereas ", ", so "} {
		if i := strings.LastIndex(head, sep); i >= 0 && i+len(sep) > cut {
			cut = i + len(sep)
		}
	}
	// "/ is 23% used and memory usage is low (2.8 GiB)": "and" before a
	// subject of its own starts a clause too.
	for _, noun := range []string{" and memory ", " and ram ", " and swap ", " and the memory ", " and the ram ", " and your memory ", " and your ram "} {
		if i := strings.LastIndex(head, noun); i >= 0 && i+5 > cut {
			cut = i + 5
		}
	}
	// "/ is 25% used and 22Gi is available": a figure after "and" that
	// a verb follows is the subject of a clause of its own.
	if strings.HasSuffix(head, " and ") {
		if next := plainWords(answer[min(c.off+len(c.text), len(answer)):min(c.off+len(c.text)+clauseVerbSpan, len(answer))]); len(next) > 0 && subjectVerbs[next[0]] {
			cut = len(head)
		}
	}
	return start + cut
}

// clauseVerbSpan bounds the text read for the verb after a figure.
const clauseVerbSpan = 16

// subjectVerbs after a figure make it its clause's subject.
var subjectVerbs = lexicon.NewSet(`is are remains remain stays was were`)

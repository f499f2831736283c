package supervisor

import "strings"

// A figure may say which column of a table it is from: "6.1 GiB used",
// "9.3 GiB available", "12.3% CPU", "7.4% of memory", "90% full". Such a
// figure is matched only against evidence figures of that column (free's
// used, df's Avail, ps %CPU, typed used_bytes…), so the used and the
// available memory, or a process's CPU and memory share, are not
// interchangeable. Evidence figures of no known column match any field.

// fieldWords name a column after a figure, by the field they mean.
var fieldWords = map[string]string{
	"used": "used", "use": "used", "full": "used", "occupied": "used",
	"free": "free", "available": "available", "avail": "available", "left": "available", "remaining": "available",
	"total": "total", "size": "total", "capacity": "total",
	"cpu": "cpu", "processor": "cpu",
	"memory": "memory", "ram": "memory", "mem": "memory", "resident": "memory",
	"virtual": "virtual", "vsz": "virtual",
}

// fieldColumns are the parts of evidence column names ("%cpu", "use%",
// "avail_bytes") each field may match.
var fieldColumns = map[string][]string{
	"used": {"use"}, "free": {"free", "avail"}, "available": {"avail", "free"}, "total": {"total", "size"},
	"cpu": {"cpu"}, "memory": {"mem", "rss"}, "virtual": {"vsz"},
}

// fieldLookahead is how many words after a figure may name its column.
const fieldLookahead = 4

// fieldOf returns the field a figure names in the words right after it,
// up to the next figure, comma, bracket or clause. Only sizes and
// percentages have fields, and only percentages a CPU or memory one.
func fieldOf(answer string, c claim) string {
	if c.kind != kindSize && c.kind != kindPercent {
		return ""
	}
	rest := answer[min(len(answer), c.off+len(c.text)):]
	if i := strings.IndexAny(rest, ",;()[].:!?\n"); i >= 0 {
		rest = rest[:i]
	}
	for n, w := range plainWords(rest) {
		if n >= fieldLookahead || isDigit(w[0]) || w == "and" || w == "but" || w == "while" {
			break
		}
		f := fieldWords[w]
		if (f == "cpu" || f == "memory") && c.kind != kindPercent {
			continue
		}
		if f != "" {
			return f
		}
	}
	return ""
}

// compatible reports whether an evidence column may hold a figure of field.
// A process's virtual size (ps VSZ) is only what the answer calls virtual:
// "uses 1.1 GiB" is resident memory.
func compatible(field, col string) bool {
	if strings.Contains(col, "vsz") && field != "virtual" {
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
	head := strings.ToLower(answer[start:min(c.off, len(answer))])
	cut := 0
	for _, sep := range []string{", and ", ", but ", " while ", " whereas ", ", so "} {
		if i := strings.LastIndex(head, sep); i >= 0 && i+len(sep) > cut {
			cut = i + len(sep)
		}
	}
	return start + cut
}

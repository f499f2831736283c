package supervisor

import "strings"

// A bare number in a Markdown table cell is the kind its column's header
// says: under "%MEM", "%CPU", "Use%" or any header with a "%" it is a
// percentage of that field ("| 2210 | alice | 4.2 |" is 4.2% memory);
// under "RSS" or "VSZ", as ps prints them, KiB; under a header that
// names its unit in brackets ("RSS (MiB)", "Size (GiB)"), that unit. The
// row's PID and name cells are the row's entity (see attribution.go), so
// such a figure is checked against that process's row.

// headerUnit returns the unit and field a table column's header gives
// its bare numbers, if any.
func headerUnit(h string) (unit, string, bool) {
	u, ok := units["%"], strings.Contains(h, "%")
	if i := strings.IndexByte(h, '('); !ok && i >= 0 {
		u, ok = units[strings.Trim(h[i+1:], "() ")]
		ok = ok && u.kind == kindSize
	}
	if t := strings.TrimSpace(h); !ok && (t == "rss" || t == "vsz") {
		u, ok = units["kib"], true
	}
	if !ok {
		return unit{}, "", false
	}
	return u, headerField(h, u.kind), true
}

// headerFigure returns the claim of a bare number in a table cell whose
// column header gives it a unit; a number with a unit of its own ("|
// 1153024 KiB |") is read as written.
func headerFigure(text string, ws []word, words, raws []string, i int) (claim, bool) {
	if i+1 < len(words) && units[words[i+1]] != (unit{}) {
		return claim{}, false
	}
	u, field, ok := headerUnit(tableHeader(text, ws[i].off))
	w := words[i]
	if !ok {
		return claim{}, false
	}
	n, used, ok := parseNumber(w)
	if !ok || used != len(w) {
		return claim{}, false
	}
	return claim{text: raws[i], kind: u.kind, ivs: n.intervals(u), key: w, field: field}, true
}

// headerField returns the field a table column's header names for
// figures of kind k ("memory" of "%MEM" for a percentage; none of
// "Memory (MiB)" for a size, as in prose), or "".
func headerField(h string, k kind) string {
	for _, w := range plainWords(strings.ReplaceAll(h, "%", " ")) {
		if f := fieldFor(claim{kind: k}, w); f != "" {
			return f
		}
	}
	return ""
}

// cellField returns the field a table cell's column header names for a
// figure the cell gives with its own unit ("| 7.4% |" under "%MEM"), or
// "".
func cellField(answer string, c claim) string {
	if c.kind != kindSize && c.kind != kindPercent {
		return ""
	}
	return headerField(tableHeader(answer, c.off), c.kind)
}

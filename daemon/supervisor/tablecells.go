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
	field := ""
	for _, w := range plainWords(strings.ReplaceAll(h, "%", " ")) {
		if f := fieldWords[w]; f != "" && field == "" {
			field = f
		}
	}
	if strings.Contains(h, "%") {
		if field == "total" {
			field = ""
		}
		return units["%"], field, true
	}
	if i := strings.IndexByte(h, '('); i >= 0 {
		if u, ok := units[strings.Trim(h[i+1:], "() ")]; ok && u.kind == kindSize {
			return u, field, true
		}
	}
	switch strings.TrimSpace(h) {
	case "rss", "rss kib", "vsz", "vsz kib":
		return units["kib"], field, true
	}
	return unit{}, "", false
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

// headerField returns the field a table cell's column header names for a
// figure the cell gives with its own unit ("| 1.1 GiB |" under "RSS"), or
// "".
func headerField(answer string, c claim) string {
	if c.kind != kindSize && c.kind != kindPercent {
		return ""
	}
	h := tableHeader(answer, c.off)
	if h == "" {
		return ""
	}
	for _, w := range plainWords(strings.ReplaceAll(h, "%", " ")) {
		if f := fieldFor(c, w); f != "" {
			return f
		}
	}
	return ""
}

package probes

import (
	"strings"
	"unicode/utf8"
)

// align says on which side a column pads its cells.
type align int

const (
	left align = iota
	right
)

// column is one column of a table: its header, side, and the least width
// the familiar command gives it even when every cell is narrower.
type column struct {
	header string
	side   align
	min    int
}

// table renders rows like df and lsblk do: each column as wide as its
// widest cell (or header, or minimum), one space between columns, and no
// padding after the last one. Widths count runes, which is right for the
// names these probes print.
type table struct {
	cols []column
	rows [][]string
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) String() string {
	widths := make([]int, len(t.cols))
	for i, c := range t.cols {
		widths[i] = max(c.min, utf8.RuneCountInString(c.header))
	}
	for _, row := range t.rows {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	header := make([]string, len(t.cols))
	for i, c := range t.cols {
		header[i] = c.header
	}
	var b, line strings.Builder
	for _, row := range append([][]string{header}, t.rows...) {
		line.Reset()
		for i, cell := range row {
			if i > 0 {
				line.WriteByte(' ')
			}
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			if t.cols[i].side == right {
				line.WriteString(pad)
			}
			line.WriteString(cell)
			if t.cols[i].side == left {
				line.WriteString(pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// unescapeOctal undoes the \ooo escapes the kernel uses for spaces, tabs,
// newlines and backslashes in mountinfo and swaps fields.
func unescapeOctal(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && isOctal(s[i+1]) && isOctal(s[i+2]) && isOctal(s[i+3]) {
			b.WriteByte((s[i+1]-'0')<<6 | (s[i+2]-'0')<<3 | (s[i+3] - '0'))
			i += 3
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isOctal(c byte) bool { return c >= '0' && c <= '7' }

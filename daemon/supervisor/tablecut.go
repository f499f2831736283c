package supervisor

import "strings"

// cutTableRow reports a reply that stops inside a Markdown table row: its
// last line opens with "|" but does not close with one, while an earlier
// row of the reply does ("| Mount | Size | Used |\n|---|---|---|\n| / |
// 252G | 19"). A table written without closing pipes is whole.
func cutTableRow(text string) bool {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if len(lines) < 2 || !strings.HasPrefix(last, "|") || strings.HasSuffix(last, "|") {
		return false
	}
	for _, l := range lines[:len(lines)-1] {
		if l = strings.TrimSpace(l); len(l) > 1 && strings.HasPrefix(l, "|") && strings.HasSuffix(l, "|") {
			return true
		}
	}
	return false
}

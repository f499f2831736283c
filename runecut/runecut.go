// Package runecut shortens UTF-8 text to a byte budget without splitting a
// character. Every bound annad puts on untrusted text (process names, model
// replies, logged method names) goes through it, so a cut never leaves half
// a rune that a terminal would render as garbage.
package runecut

import "unicode/utf8"

// Prefix returns the longest prefix of s that is at most n bytes long and
// ends on a rune boundary. It returns s itself when s already fits.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n < 0 {
		n = 0
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Ellipsis is Prefix followed by "…" when s had to be cut, so a reader can
// tell the text went on.
func Ellipsis(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return Prefix(s, n) + "…"
}

package supervisor

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// offsetSafe returns s with every rune whose lower case has another UTF-8
// length (the kelvin sign, "Ⱥ", "İ" …) replaced by that lower case, and
// every invalid byte by U+FFFD. The rules lowercase copies of the answer
// and the evidence with strings.ToLower and cut the originals at offsets
// found in the copies; that holds only while lowercasing keeps every byte
// where it was, which it does for any text this returns. Doing it once,
// where the text comes in, keeps each rule free to lowercase as it likes.
func offsetSafe(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
		case r >= utf8.RuneSelf && utf8.RuneLen(unicode.ToLower(r)) != n:
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

package probes

import (
	"strings"
	"unicode/utf8"
)

// cutMarker ends every string that a bound cut short.
const cutMarker = "…"

// Sanitize returns s as text that is safe to show on a terminal or to put
// in a prompt, at most max bytes long. Every string a probe reads from a
// source other users can write to (process names and arguments, journal
// fields, mount points, interface and unit names) passes through it once,
// where it is read:
//
//   - ANSI escape sequences (CSI, OSC, DCS, APC, PM, SOS and two-byte ESC
//     sequences, 7- and 8-bit forms) are removed whole;
//   - other control characters (C0, DEL, C1) and the invisible characters
//     that reorder or break lines (bidi controls, U+2028, U+2029) become
//     '?', as ps shows them;
//   - invalid UTF-8 becomes U+FFFD;
//   - text longer than max is cut at a rune boundary and ends with "…".
//
// The result is valid UTF-8 with no byte below 0x20, whatever s holds.
func Sanitize(s string, max int) string {
	out, _ := sanitize(s, max, false)
	return out
}

// sanitize is Sanitize; with lines set it keeps line breaks and tabs, for
// text that has lines of its own, such as a journal message. cut reports
// whether the bound cut the text.
func sanitize(s string, max int, lines bool) (out string, cut bool) {
	var b strings.Builder
	b.Grow(min(len(s), max+len(cutMarker)))
	for i := 0; i < len(s) && b.Len() <= max; {
		c := s[i]
		switch {
		case c == 0x1b:
			i = skipEscape(s, i+1)
			continue
		case (c == '\n' || c == '\t') && lines:
			b.WriteByte(c)
		case c < 0x20 || c == 0x7f:
			b.WriteByte('?')
		case c < utf8.RuneSelf:
			b.WriteByte(c)
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				b.WriteRune(utf8.RuneError)
			case r == 0x9b: // 8-bit CSI
				i = skipCSI(s, i+n)
				continue
			case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f: // DCS, SOS, OSC, PM, APC
				i = skipString(s, i+n)
				continue
			case r >= 0x80 && r < 0xa0, invisible(r):
				b.WriteByte('?')
			default:
				b.WriteString(s[i : i+n])
			}
			i += n
			continue
		}
		i++
	}
	if b.Len() <= max {
		return b.String(), false
	}
	return withCutMarker(b.String(), max), true
}

// withCutMarker cuts s so that it and the cut marker fit in max bytes, at
// a rune boundary, and appends the marker.
func withCutMarker(s string, max int) string {
	if max < len(cutMarker) {
		return ""
	}
	i := min(len(s), max-len(cutMarker))
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + cutMarker
}

// invisible reports the characters that reorder text or break lines
// without looking like it: the bidi embeddings, overrides and isolates,
// the direction marks, and the Unicode line and paragraph separators.
func invisible(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) ||
		r == 0x200e || r == 0x200f || r == 0x061c || r == 0x2028 || r == 0x2029
}

// skipEscape returns the index after the escape sequence whose ESC came
// just before i.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch c := s[i]; {
	case c == '[':
		return skipCSI(s, i+1)
	case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
		return skipString(s, i+1)
	case c >= 0x20 && c <= 0x2f: // nF: intermediates, then a final byte
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
			i++
		}
		return i
	case c >= 0x30 && c <= 0x7e: // a two-byte sequence
		return i + 1
	}
	return i // a lone ESC: dropped, what follows is text
}

// skipCSI returns the index after a control sequence's parameter and
// intermediate bytes and its final byte. A byte that cannot be part of
// the sequence ends it and stays as text.
func skipCSI(s string, i int) int {
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipString returns the index after a control string (OSC, DCS…): its
// terminator is BEL, ESC \ or the 8-bit ST; one never terminated runs to
// the end of s.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
		i++
	}
	return i
}

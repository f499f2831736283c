package cli

import (
	"strings"
	"unicode/utf8"
)

// Sanitize makes text from annad safe to print on a terminal. Answers are
// written by an LLM from probe output (process names, journal lines), so an
// attacker who controls a process title must not be able to move the
// cursor, retitle the window, plant a hyperlink or reorder text.
//
// It removes ANSI escape sequences (CSI, OSC, DCS, SOS, PM, APC and the short
// ESC forms, in their 7-bit and C1 spellings), every other C0 control except
// newline and tab, DEL, the C1 controls U+0080–U+009F, and the bidi
// embedding, override and isolate characters (U+202A–U+202E,
// U+2066–U+2069). Invalid UTF-8 becomes U+FFFD. The result contains no ESC,
// so sanitizing it again changes nothing.
func Sanitize(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteRune(utf8.RuneError)
			i++
		case r == 0x1b:
			i += escapeLen(s[i:])
		case r == 0x9b: // C1 CSI
			i += size + csiBodyLen(s[i+size:])
		case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f: // C1 DCS, SOS, OSC, PM, APC
			i += size + stringBodyLen(s[i+size:], r == 0x9d)
		case dropped(r):
			i += size
		default:
			b.WriteString(s[i : i+size])
			i += size
		}
	}
	return b.String()
}

// clean reports whether s needs no change, which is the common case and
// saves an allocation per line.
func clean(s string) bool {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || dropped(r) {
			return false
		}
		i += size
	}
	return true
}

// dropped reports whether r is a control or bidi character that is removed
// on its own (not as part of an escape sequence).
func dropped(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\n' && r != '\t'
	case r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// escapeLen returns the length of the escape sequence at the start of s,
// which begins with ESC. A sequence cut short by the end of s runs to the
// end; a malformed one ends before the byte that broke it, and that byte is
// then filtered on its own.
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		return 2 + csiBodyLen(s[2:])
	case ']':
		return 2 + stringBodyLen(s[2:], true)
	case 'P', 'X', '^', '_':
		return 2 + stringBodyLen(s[2:], false)
	}
	// ECMA-35 form: intermediates 0x20–0x2F, then one final 0x30–0x7E.
	n := 1
	for n < len(s) && s[n] >= 0x20 && s[n] <= 0x2f {
		n++
	}
	if n < len(s) && s[n] >= 0x30 && s[n] <= 0x7e {
		n++
	}
	return n
}

// csiBodyLen returns the length of a CSI sequence after its introducer:
// parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte
// 0x40–0x7E.
func csiBodyLen(s string) int {
	n := 0
	for n < len(s) && s[n] >= 0x30 && s[n] <= 0x3f {
		n++
	}
	for n < len(s) && s[n] >= 0x20 && s[n] <= 0x2f {
		n++
	}
	if n < len(s) && s[n] >= 0x40 && s[n] <= 0x7e {
		n++
	}
	return n
}

// stringBodyLen returns the length of a control string (OSC, DCS, SOS, PM,
// APC) after its introducer, including the terminator: ST as ESC \ or
// U+009C, and BEL for OSC, which xterm accepts. An unterminated string runs
// to the end of s, because a terminal would swallow it too.
func stringBodyLen(s string, bel bool) int {
	for i := 0; i < len(s); i++ {
		switch {
		case bel && s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
	}
	return len(s)
}

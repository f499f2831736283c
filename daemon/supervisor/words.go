package supervisor

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// word is a word of a text and its byte offset.
type word struct {
	text string
	off  int
}

// splitWords returns the words of text (see splitWordsAt).
func splitWords(text string) []string {
	ws := splitWordsAt(text)
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.text
	}
	return out
}

// splitWordsAt cuts text into words: runs between spaces and the
// brackets, quotes and operators that never belong to a name. A comma
// between digits stays (1,288,490). Surrounding sentence punctuation and
// markdown emphasis are trimmed, as is a possessive "'s". The scan is
// linear and allocates only the result.
func splitWordsAt(text string) []word {
	var out []word
	start := -1
	flush := func(end int) {
		if start >= 0 {
			if w, cut := trimWord(text[start:end]); w != "" {
				out = append(out, word{w, start + cut})
			}
			start = -1
		}
	}
	for i, r := range text {
		if approxSign(text, i, r, start) {
			// "~441M", "≈ 1.6G": the sign is a word of its own, as
			// "about" is, so the figure after it is read and widened.
			flush(i)
			out = append(out, word{text[i : i+utf8.RuneLen(r)], i})
			continue
		}
		if isBreak(text, i, r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(text))
	return out
}

// approxSign reports whether r at text[i] is "~" or "≈" opening a word
// before a figure ("~1.6G", "≈ 40%"); a tilde elsewhere ("~/.cache") is
// part of its word.
func approxSign(text string, i int, r rune, start int) bool {
	if r != '~' && r != '\u2248' || start >= 0 {
		return false
	}
	next := text[i+utf8.RuneLen(r):]
	if r == '\u2248' {
		next = strings.TrimLeft(next, " ")
	}
	return next != "" && isDigit(next[0])
}

func isBreak(text string, i int, r rune) bool {
	switch r {
	case '\'', '\u2019':
		// An apostrophe inside a word ("nginx's") stays; trimWord drops "'s".
		next := i + utf8.RuneLen(r)
		return !(i > 0 && isAlnumByte(text[i-1]) && next < len(text) && isAlnumByte(text[next]))
	case '[', ']':
		return !inBracketedAddr(text, i)
	case '(', ')', '{', '}', '<', '>', '=', ';', '|', '"', '`', '\u2018', '\u201c', '\u201d', '\u2026':
		return true
	case ',':
		return !(i > 0 && isDigit(text[i-1]) && i+1 < len(text) && isDigit(text[i+1]))
	}
	return unicode.IsSpace(r) || (r >= utf8.RuneSelf && !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\u00b0')
}

// trimWord returns w trimmed and how many bytes were cut from its start.
func trimWord(w string) (string, int) {
	cut := 0
	for w != "" && strings.IndexByte("*_#>-+,.!?", w[0]) >= 0 {
		w = w[1:]
		cut++
	}
	for w != "" && strings.IndexByte("*_,.;:!?", w[len(w)-1]) >= 0 && !strings.HasSuffix(w, "/*") { // a glob stays: globpaths.go
		w = w[:len(w)-1]
	}
	w = strings.TrimSuffix(w, "'s")
	w = strings.TrimSuffix(w, "\u2019s")
	if rest, ok := strings.CutPrefix(w, ":"); ok && !allDigits(rest) && !strings.HasPrefix(rest, ":") {
		return strings.TrimLeft(rest, ":"), cut + 1 // keep ":22" and "::1"
	}
	return w, cut
}

func isAlnumByte(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// isIPv6 accepts colon-separated hex groups with at least two colons and
// one hex digit (fe80::1, 2001:db8::1/64, ::1), but not clock times.
func isIPv6(s string) bool {
	addr, _, _ := strings.Cut(s, "/")
	addr, _, _ = strings.Cut(addr, "%")
	if strings.Count(addr, ":") < 2 || isClock(addr) || len(addr) > 45 {
		return false
	}
	hex := false
	for i := 0; i < len(addr); i++ {
		c := addr[i]
		switch {
		case isDigit(c) || (c >= 'a' && c <= 'f'):
			hex = true
		case c == ':' || c == '.':
		default:
			return false
		}
	}
	return hex
}

// maxBracketedAddr bounds the bytes between an address's brackets (an
// IPv6 address is at most 45), so words are split in linear time.
const maxBracketedAddr = 46

// inBracketedAddr reports whether the bracket at text[i] encloses an IPv6
// address before a port ("[::]:8443", "[fe80::1]:22"), which stays one
// word.
func inBracketedAddr(text string, i int) bool {
	open := i
	if text[i] == ']' {
		from := max(0, i-maxBracketedAddr)
		if open = strings.LastIndexByte(text[from:i], '['); open < 0 {
			return false
		}
		open += from
	}
	end := strings.IndexByte(text[open:min(len(text), open+maxBracketedAddr+1)], ']')
	if end == 3 && text[open+1:open+3] == "::" {
		return true // "[::]" alone, as a table's Address cell writes it
	}
	if end < 0 || open+end+2 >= len(text) || text[open+end+1] != ':' || !isDigit(text[open+end+2]) {
		return false
	}
	inner := text[open+1 : open+end]
	return inner == "::" || isIPv6(inner)
}

// hostPort splits "0.0.0.0:22", "*:22", "[::]:22", "::]:22" (after the
// bracket was cut) or "10.0.0.1:8080" into address and port. A clock is
// none: "08:29:23" reads as the hex groups "08:29" and a port 23, and every
// journal second would then be a port (sshd's 22 beside "port 23").
func hostPort(s string) (addr string, port int, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i <= 0 || !allDigits(s[i+1:]) || len(s)-i-1 > 5 || isClock(s) {
		return "", 0, false
	}
	addr = s[:i]
	bare := strings.TrimSuffix(strings.TrimPrefix(addr, "["), "]")
	if addr != "*" && !lexicon.IsIPv4(addr) && !isIPv6(addr+":") && !isIPv6(addr) && bare != "::" && !(bare != addr && isIPv6(bare)) {
		return "", 0, false
	}
	port, _ = strconv.Atoi(s[i+1:])
	return addr, port, port > 0 && port < 65536
}

// isVersion matches dotted versions with at least three parts (6.1.0,
// 0.0.9, 2.35.1-ubuntu), which are compared as text.
func isVersion(s string) bool {
	core := strings.TrimPrefix(s, "v")
	if core == "" || !isDigit(core[0]) {
		return false
	}
	if i := strings.IndexAny(core, "-+~"); i >= 0 {
		core = core[:i]
	}
	parts := strings.Split(core, ".")
	if len(parts) < 3 {
		return false
	}
	for _, p := range parts {
		if !allDigits(p) {
			return false
		}
	}
	return !lexicon.IsIPv4(core)
}

// isPath matches absolute and home-relative paths: /var/log, ~/Downloads.
func isPath(s string) bool {
	if strings.HasPrefix(s, "~/") && len(s) > 2 {
		return true
	}
	return len(s) > 1 && s[0] == '/' && (isAlnumByte(s[1]) || s[1] == '.' || s[1] == '_')
}

// indexBounded returns the first offset from from on where key occurs in
// text and ok accepts its bounds (text[start:end] is key), or -1. Each
// caller's ok holds its own rule for the bytes either side; a hit ok
// refuses is searched past by one byte, so hits may overlap.
func indexBounded(text, key string, from int, ok func(start, end int) bool) int {
	for off := from; off < len(text); {
		i := strings.Index(text[off:], key)
		if i < 0 {
			return -1
		}
		i += off
		if ok(i, i+len(key)) {
			return i
		}
		off = i + 1
	}
	return -1
}

// containsBounded reports whether key occurs in text with no letter or
// digit touching either end (no digit before it when digitOnly: clock times
// in "2024-11-22t13:05"), so "10.0.0.1" is not found in "10.0.0.15".
func containsBounded(text, key string, digitOnly bool) bool {
	if key == "" {
		return false
	}
	touches := isAlnumByte
	if digitOnly {
		touches = isDigit
	}
	return indexBounded(text, key, 0, func(i, end int) bool {
		before := i == 0 || !touches(text[i-1])
		after := end == len(text) || !touches(text[end]) || !isAlnumByte(key[len(key)-1])
		return before && after
	}) >= 0
}

// wholePath reports whether a path ending in "/" occurs in text with no
// letter or digit right after it; any other key is whole where it is
// bounded (see containsBounded).
func wholePath(text, key string) bool {
	if !strings.HasSuffix(key, "/") {
		return true
	}
	return indexBounded(text, key, 0, func(_, end int) bool {
		return end == len(text) || !isAlnumByte(text[end])
	}) >= 0
}

// containsFoldASCII reports whether the lower-case ASCII word occurs in s
// in any case. Rules use it to skip a sentence before running a
// case-insensitive regexp on it: Go's regexp has no literal prefix to
// search for in "(?i)(?:^|…)only", so it tries every byte.
func containsFoldASCII(s, lower string) bool {
	for i := 0; i+len(lower) <= len(s); i++ {
		j := 0
		for j < len(lower) && s[i+j]|0x20 == lower[j] {
			j++
		}
		if j == len(lower) {
			return true
		}
	}
	return false
}

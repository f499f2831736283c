package brain

import (
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// size writes bytes with one decimal in the largest binary unit that
// keeps the number at 1 or more ("15.5 GiB", "504.9 MiB"). The decimal is
// rounded, not cut, so the interval the figure stands for holds the exact
// value and the supervisor matches it against the typed data.
func size(b uint64) string {
	const units = "KMGTPE"
	if b < 1024 {
		return strconv.FormatUint(b, 10) + " bytes"
	}
	v := float64(b)
	u := -1
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + " " + units[u:u+1] + "iB"
}

// psPercent writes a ps %CPU or %MEM as ps prints it: one decimal below
// 100, none from 100 up.
func psPercent(p float64) string {
	d := 1
	if p >= 100 {
		d = 0
	}
	return strconv.FormatFloat(p, 'f', d, 64) + "%"
}

// clean makes a string from the host safe to put in an answer: control
// and format characters (escape sequences, bidi overrides) become spaces,
// runs of spaces one, and the result is cut to max runes with "…".
func clean(s string, max int) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range strings.ToValidUTF8(s, "?") {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if n >= max {
			b.WriteString("…")
			break
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// maxName bounds a process name in an answer.
const maxName = 40

// procName is the short name of a ps COMMAND: the base name of its first
// word ("/usr/lib/firefox/firefox -contentproc" is firefox), without the
// colon of a retitled process ("postgres: checkpointer"); a kernel thread
// keeps its brackets.
func procName(command string) string {
	command = strings.TrimSpace(command)
	if strings.HasPrefix(command, "[") {
		return clean(command, maxName)
	}
	first, _, _ := strings.Cut(command, " ")
	name := strings.TrimSuffix(path.Base(first), ":")
	if name == "" || name == "." || name == "/" {
		name = first
	}
	return clean(name, maxName)
}

// join lists items as prose: "a", "a and b", "a, b and c".
func join(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// capitalize upper-cases the first letter of a sentence.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

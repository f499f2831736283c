package cli

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSanitize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text\nnext line\tcol", "plain text\nnext line\tcol"},
		{"안녕하세요 👍🏽 ok", "안녕하세요 👍🏽 ok"},
		{"\x1b[31mred\x1b[0m", "red"},
		{"\x1b[1;38;5;196mx\x1b[m", "x"},
		{"a\x1b[2Jb\x1b[Hc", "abc"},
		{"\x1b[?25l\x1b[?1049hhidden", "hidden"},
		{"\x1b]0;pwned title\x07after", "after"},
		{"\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"\x1bP1$r0m\x1b\\dcs", "dcs"},
		{"\x1b_apc payload\x1b\\x", "x"},
		{"\x1b^pm\x1b\\x", "x"},
		{"\x1bXsos\x1b\\x", "x"},
		{"\x1b]52;c;ZXZpbA==\x07", ""},
		{"\x1b]unterminated osc to the end", ""},
		{"\x1b[31", ""},
		{"\x1b", ""},
		{"a\x1b7b\x1b8c", "abc"},
		{"\x1b(Bascii", "ascii"},
		{"\x1b#8x", "x"},
		{"\x1b\x07[31m", "[31m"},
		{"\u009b31mred", "red"},
		{"\u009d0;title\u009cafter", "after"},
		{"\u0090dcs\u009cx", "x"},
		{"c1\u0085\u0080\u0081end", "c1end"},
		{"\u009fapc runs to the end", ""},
		{"bell\a back\b cr\r null\x00 del\x7f vt\v ff\f", "bell back cr null del vt ff"},
		{"\u202eevil\u202c \u2066iso\u2069 \u202a\u202b\u202d", "evil iso "},
		{"bad\xffutf8\xc3", "bad\ufffdutf8\ufffd"},
		{"raw c1 byte \x9b31m", "raw c1 byte \ufffd31m"},
		{"keep \u200d zwj and \u200f rlm", "keep \u200d zwj and \u200f rlm"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Sanitize(tt.in); got != tt.want {
			t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSanitizeReturnsCleanInputUnchanged(t *testing.T) {
	s := "USER PID %MEM\nroot 1 0.1\t/sbin/init 한국어 ✓"
	if got := Sanitize(s); got != s {
		t.Errorf("Sanitize changed clean text: %q", got)
	}
}

// unsafe reports the first rune of s a terminal could act on, if any.
func unsafe(s string) (rune, bool) {
	for _, r := range s {
		switch {
		case r < 0x20 && r != '\n' && r != '\t',
			r >= 0x7f && r <= 0x9f,
			r >= 0x202a && r <= 0x202e,
			r >= 0x2066 && r <= 0x2069:
			return r, true
		}
	}
	return 0, false
}

func FuzzSanitize(f *testing.F) {
	for _, seed := range []string{
		"hello", "안녕하세요", "👨‍👩‍👧 family", "\x1b[31mred\x1b[0m", "\x1b]0;t\x07",
		"\x1b]8;;u\x1b\\l\x1b]8;;\x1b\\", "\x1bP\x1b\\", "\u009b1m", "\u009dx\u009c",
		"\u202eabc", "\xff\xfe", "\xe2\x80", "a\r\nb", "\x1b\x1b[[", "\t\n\x00\x7f",
		"\x1b[", "\x1b]", "\xc2\x9b", "\xc2",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := Sanitize(in)
		if !utf8.ValidString(out) {
			t.Fatalf("Sanitize(%q) = %q is not valid UTF-8", in, out)
		}
		if r, bad := unsafe(out); bad {
			t.Fatalf("Sanitize(%q) = %q keeps %U", in, out, r)
		}
		if again := Sanitize(out); again != out {
			t.Fatalf("Sanitize is not idempotent on %q: %q then %q", in, out, again)
		}
		if len(out) > len(in)*3 {
			t.Fatalf("Sanitize(%q) grew to %d bytes", in, len(out))
		}
		if _, bad := unsafe(in); !bad && utf8.ValidString(in) && out != in {
			t.Fatalf("Sanitize changed safe text %q to %q", in, out)
		}
		if strings.ContainsRune(out, 0x1b) {
			t.Fatalf("ESC survived in %q", out)
		}
	})
}

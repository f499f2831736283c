package probes

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSanitize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"\x1b[31mred\x1b[0m", "red"},
		{"\x1b]0;title\x07after", "after"},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"\x1bPdevice control\x1b\\x", "x"},
		{"\x1b(Bcharset", "charset"},
		{"\x1b7saved\x1b8", "saved"},
		{"lone\x1b", "lone"},
		{"\x1b[2J\x1b[H\x1b[?1049h", ""},
		{"\u009b31mC1 CSI", "C1 CSI"},
		{"\u009d0;t\u009ctext", "text"},
		{"a\u0085b", "a?b"},
		{"tab\tnl\ncr\rbell\x07del\x7f", "tab?nl?cr?bell?del?"},
		{"nul\x00byte", "nul?byte"},
		{"bad \xff\xfe utf8", "bad \ufffd\ufffd utf8"},
		{"raw \x9b1m", "raw \ufffd1m"},
		{"rlo \u202egnp.exe", "rlo ?gnp.exe"},
		{"line\u2028sep", "line?sep"},
		{"héllo wörld ✓", "héllo wörld ✓"},
		{"unterminated \x1b]0;title with no end", "unterminated "},
		{"csi broken \x1b[12\x01x", "csi broken ?x"},
	} {
		if got := Sanitize(c.in, 100); got != c.want {
			t.Errorf("Sanitize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSanitizeKeepsLinesOnlyWhenAsked(t *testing.T) {
	if got, _ := sanitize("a\nb\tc\r\x1b[1md", 100, true); got != "a\nb\tc?d" {
		t.Errorf("lines: %q", got)
	}
	if got, _ := sanitize("a\nb", 100, false); got != "a?b" {
		t.Errorf("one line: %q", got)
	}
}

func TestSanitizeBound(t *testing.T) {
	got, cut := sanitize(strings.Repeat("é", 100), 11, false)
	if got != "éééé"+cutMarker || !cut || len(got) > 11 {
		t.Errorf("cut to 11 bytes: %q (%d bytes) cut=%v", got, len(got), cut)
	}
	// Exactly max bytes of text, escapes after it: nothing is cut.
	if got, cut := sanitize("abcdef\x1b[0m", 6, false); got != "abcdef" || cut {
		t.Errorf("fit: %q cut=%v", got, cut)
	}
	// A bound too small for the marker gives nothing rather than too much.
	if got := Sanitize("abcdef", 2); got != "" {
		t.Errorf("max 2: %q", got)
	}
}

// FuzzSanitize checks the promises of Sanitize on any input: valid UTF-8,
// no control byte, no C1 control or ESC, within the bound, and unchanged
// when there was nothing to remove.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[31mred", "\x1b]0;t\x07", "\u009b1m", "\xff", "a\nb", strings.Repeat("é", 50), hostileArg} {
		f.Add(s, 16)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max %= 4096; max < 0 {
			max = -max
		}
		max += len(cutMarker)
		for _, lines := range []bool{false, true} {
			got, cut := sanitize(s, max, lines)
			if len(got) > max || !utf8.ValidString(got) {
				t.Fatalf("sanitize(%q, %d) = %q: over the bound or invalid", s, max, got)
			}
			for _, r := range got {
				if (r < 0x20 && !(lines && (r == '\n' || r == '\t'))) || r == 0x7f || (r >= 0x80 && r < 0xa0) || invisible(r) {
					t.Fatalf("sanitize(%q) = %q holds %U", s, got, r)
				}
			}
			if cut != strings.HasSuffix(got, cutMarker) && !strings.HasSuffix(s, cutMarker) {
				t.Fatalf("sanitize(%q, %d) = %q, cut=%v", s, max, got, cut)
			}
			clean := true
			for _, r := range s {
				if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || invisible(r) || r == utf8.RuneError {
					clean = false
				}
			}
			if clean && len(s) <= max && got != s {
				t.Fatalf("sanitize changed clean text %q to %q", s, got)
			}
		}
	})
}

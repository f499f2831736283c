package runecut

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrefixNeverSplitsARune(t *testing.T) {
	s := "añb€c😀d"
	for n := -1; n <= len(s)+1; n++ {
		got := Prefix(s, n)
		if !utf8.ValidString(got) {
			t.Fatalf("Prefix(%q, %d) = %q: not valid UTF-8", s, n, got)
		}
		if n >= 0 && len(got) > n {
			t.Fatalf("Prefix(%q, %d) = %q: longer than %d bytes", s, n, got, n)
		}
		if !strings.HasPrefix(s, got) {
			t.Fatalf("Prefix(%q, %d) = %q: not a prefix", s, n, got)
		}
		// Longest: one more rune would not fit.
		if rest := s[len(got):]; rest != "" && n >= 0 {
			_, size := utf8.DecodeRuneInString(rest)
			if len(got)+size <= n {
				t.Fatalf("Prefix(%q, %d) = %q: the next rune fits too", s, n, got)
			}
		}
	}
}

func TestEllipsisMarksOnlyCutText(t *testing.T) {
	if got := Ellipsis("short", 5); got != "short" {
		t.Fatalf("Ellipsis of fitting text = %q", got)
	}
	if got := Ellipsis("añb", 2); got != "a…" {
		t.Fatalf("Ellipsis(\"añb\", 2) = %q, want \"a…\"", got)
	}
}

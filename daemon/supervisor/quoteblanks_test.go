package supervisor

import "testing"

// TestQuoteOfBlanks: a quotation that is only blanks (answer text, so
// anything) is no spaced match and does not panic (review R5b).
func TestQuoteOfBlanks(t *testing.T) {
	for _, key := range []string{"   ", " \t ", "a "} {
		if hasTextSpaced("404  Not Found", claim{key: key}) {
			t.Errorf("hasTextSpaced(%q) = true, want false", key)
		}
	}
}

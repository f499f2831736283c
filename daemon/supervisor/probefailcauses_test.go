package supervisor

import "testing"

// TestSaysProbeFailed checks the words that say a probe failed: a
// negated error ("returned no errors") says it worked.
func TestSaysProbeFailed(t *testing.T) {
	for clause, want := range map[string]bool{
		"because the journal probe didn't work":        true,
		"because the systemctl probe failed":           true,
		"because the probe gave no output":             true,
		"because the journal probe returned no errors": false,
		"because the probe reported no error":          false,
		"because the probe never errored":              false,
		"because the journal probe found the disk":     false,
	} {
		if got := saysProbeFailed(plainWords(clause)); got != want {
			t.Errorf("saysProbeFailed(%q) = %v, want %v", clause, got, want)
		}
	}
}

package supervisor

import "testing"

// TestContainsFoldASCII checks the pre-filter the "only" rules run before
// their regexps: a miss here would silently skip a rule.
func TestContainsFoldASCII(t *testing.T) {
	for _, c := range []struct {
		s, w string
		want bool
	}{
		{"Only sshd is listening", "only", true},
		{"sshd is the ONLY listener", "only", true},
		{"nothing ELSE is open", "else", true},
		{"onl", "only", false},
		{"Überwacher is busy", "only", false},
		{"0NLY", "only", false},
	} {
		if got := containsFoldASCII(c.s, c.w); got != c.want {
			t.Errorf("containsFoldASCII(%q, %q) = %v, want %v", c.s, c.w, got, c.want)
		}
	}
}

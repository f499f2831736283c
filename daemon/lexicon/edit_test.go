package lexicon

import "testing"

func TestOneEdit(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"memory", "memory", false},
		{"memory", "memroy", true},  // swap
		{"memory", "memery", true},  // substitution
		{"memory", "memoory", true}, // insertion
		{"memory", "memry", true},   // deletion
		{"memory", "mmeroy", false}, // two swaps
		{"memory", "mem", false},
		{"", "a", true},
		{"ab", "ba", true},
		{"abc", "cab", false},
	} {
		if got := OneEdit(c.a, c.b); got != c.want {
			t.Errorf("OneEdit(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := OneEdit(c.b, c.a); got != c.want {
			t.Errorf("OneEdit(%q, %q) = %v, want %v (not symmetric)", c.b, c.a, got, c.want)
		}
	}
}

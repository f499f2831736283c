package supervisor

import "testing"

// TestIndexBounded: the first hit from from on that ok takes, -1 at none;
// ok sees each hit's bounds, and a refused hit is searched past by one
// byte, so a later hit may overlap it.
func TestIndexBounded(t *testing.T) {
	wordAt := func(text string) func(i, end int) bool {
		return func(i, end int) bool {
			return (i == 0 || !isAlnumByte(text[i-1])) && (end == len(text) || !isAlnumByte(text[end]))
		}
	}
	yes := func(int, int) bool { return true }
	no := func(int, int) bool { return false }
	for _, c := range []struct {
		name, text, key string
		from            int
		ok              func(text string) func(i, end int) bool
		want            int
	}{
		{"first hit taken", "eth0 eth0", "eth0", 0, wordAt, 0},
		{"from skips an earlier hit", "eth0 eth0", "eth0", 1, wordAt, 5},
		{"refused hit then taken one", "eth01 eth0", "eth0", 0, wordAt, 6},
		{"bounded on neither side", "xeth0y", "eth0", 0, wordAt, -1},
		{"overlapping hit after a refused one", "x1.1.1", "1.1", 0, func(text string) func(i, end int) bool {
			return func(i, _ int) bool { return text[i-1] == '.' }
		}, 3},
		{"no hit", "eth0", "wlan0", 0, func(string) func(int, int) bool { return yes }, -1},
		{"all refused", "aaa", "a", 0, func(string) func(int, int) bool { return no }, -1},
		{"empty text", "", "a", 0, func(string) func(int, int) bool { return yes }, -1},
		{"from at the end", "abc", "c", 3, func(string) func(int, int) bool { return yes }, -1},
		{"from past the end", "abc", "c", 9, func(string) func(int, int) bool { return yes }, -1},
		{"bounds are the key's", "say 10.0.0.1 now", "10.0.0.1", 0, func(text string) func(i, end int) bool {
			return func(i, end int) bool { return text[i:end] == "10.0.0.1" && end == 12 }
		}, 4},
	} {
		if got := indexBounded(c.text, c.key, c.from, c.ok(c.text)); got != c.want {
			t.Errorf("%s: indexBounded(%q, %q, %d) = %d, want %d", c.name, c.text, c.key, c.from, got, c.want)
		}
	}
}

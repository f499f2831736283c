package supervisor

import (
	"slices"
	"testing"
)

// TestAliasOrder: the process names a longer name starts with come
// longest first on every run, not in the entity map's order.
func TestAliasOrder(t *testing.T) {
	ev := "probe top_cpu ps aux\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 4100 12.0 2.0 90000 41000 ? S 10:00 0:09 python\n" +
		"root 4200 30.0 4.0 95000 82000 ? S 10:00 0:21 python3\n"
	want := []string{"python3", "python"}
	for range 50 {
		if got := newIndex(ev).aliasTokens("python3.12"); !slices.Equal(got, want) {
			t.Fatalf("aliasTokens(python3.12) = %q, want %q", got, want)
		}
	}
	first := Check("python3.12 is at 30% CPU.", ev)
	for range 50 {
		if g := Check("python3.12 is at 30% CPU.", ev); !slices.Equal(g.Found, first.Found) || !slices.Equal(g.Missing, first.Missing) {
			t.Fatalf("Check differs between runs: %+v, then %+v", first, g)
		}
	}
}

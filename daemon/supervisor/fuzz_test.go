package supervisor

import (
	"slices"
	"strings"
	"testing"
)

// FuzzCheck feeds arbitrary answers and evidence to the claim extractor and
// the matcher: they must not panic, must report each claim once and in one
// list, and must give the same result twice. Seeds: testdata/fuzz/FuzzCheck.
func FuzzCheck(f *testing.F) {
	ev := fixture(f, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt", "journal.txt", "lscpu.txt")
	f.Add("Firefox (PID 4242) uses 1.1 GiB, 7.4% of 15 GiB.", ev)
	f.Add("sshd listens on [::]:22 and 0.0.0.0:22; `Out of memory` at 09:41:07.", ev)
	f.Fuzz(func(t *testing.T, answer, evidence string) {
		if len(answer) > 8<<10 {
			answer = answer[:8<<10]
		}
		g := Check(answer, evidence, answer[:len(answer)/2])
		again := Check(answer, evidence, answer[:len(answer)/2])
		if !slices.Equal(g.Found, again.Found) || !slices.Equal(g.Missing, again.Missing) || !slices.Equal(g.Given, again.Given) {
			t.Fatalf("not deterministic: %+v then %+v", g, again)
		}
		all := slices.Concat(g.Found, g.Missing, g.Given)
		if len(all) > len(extract(answer, nil)) {
			t.Fatalf("%d results for %d claims", len(all), len(extract(answer, nil)))
		}
		for _, c := range all {
			if strings.TrimSpace(c) == "" {
				t.Fatalf("empty claim in %+v", g)
			}
		}
		if g.Grounded() != (len(g.Found) > 0 && len(g.Missing) == 0) {
			t.Fatalf("Grounded inconsistent: %+v", g)
		}
		_ = Hedges(answer)
	})
}

package supervisor

import "testing"

// TestSumTermsDecimals: a sum of decimal terms makes its figure although
// binary floats do not add exactly (0.1 + 0.2 is not 0.3 in float64); a
// figure off by more than half a step of the terms' decimals is not made.
func TestSumTermsDecimals(t *testing.T) {
	for _, tc := range []struct {
		answer string
		kept   int // claims left of the three figures
	}{
		{"The load rose by 0.3 (0.1 + 0.2) since boot.", 1},
		{"The load rose to 0.3 = 0.1 + 0.2 since boot.", 1},
		{"The load rose by 0.4 (0.1 + 0.2) since boot.", 3},
	} {
		var claims []claim
		for _, f := range sentenceFigureRe.FindAllStringIndex(tc.answer, -1) {
			claims = append(claims, claim{text: tc.answer[f[0]:f[1]], off: f[0]})
		}
		if got := dropSumTerms(tc.answer, claims); len(got) != tc.kept {
			t.Errorf("%q: %d claims kept, want %d", tc.answer, len(got), tc.kept)
		}
	}
}

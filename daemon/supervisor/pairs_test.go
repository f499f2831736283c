package supervisor

import "testing"

// pair is a true answer over its evidence and the same shape with one
// fact wrong; an empty side is not checked.
type pair struct{ name, evidence, right, wrong string }

// checkPairs asserts that each right answer is grounded and each wrong
// one is not.
func checkPairs(t *testing.T, tests []pair) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.right != "" {
				if g := Check(tc.right, tc.evidence); !g.Grounded() {
					t.Errorf("%q is true but not grounded: %+v", tc.right, g)
				}
			}
			if tc.wrong != "" {
				if g := Check(tc.wrong, tc.evidence); g.Grounded() {
					t.Errorf("%q is false but grounded: %+v", tc.wrong, g)
				}
			}
		})
	}
}

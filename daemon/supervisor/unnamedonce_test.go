package supervisor

import (
	"strings"
	"testing"
)

// TestUnnamedOnce checks that saidOwnerless alone judges a listener said
// to have no owner, whichever words open its item, and reports it once.
func TestUnnamedOnce(t *testing.T) {
	h17 := EvidenceText(scenario(t, "host17"))
	var pairs []pair
	for _, opener := range []string{"a listener with no name", "an unknown listener", "something", "a socket with no owner"} {
		pairs = append(pairs, pair{opener, h17,
			"socat (PID 7738) on 0.0.0.0:5005 and " + opener + " on 0.0.0.0:2024.",
			"socat (PID 7738) on 0.0.0.0:5005 and " + opener + " on 0.0.0.0:3306."})
	}
	checkPairs(t, pairs)
	g := Check("socat (PID 7738) on 0.0.0.0:5005 and an unnamed listener on 0.0.0.0:3306.", h17)
	if n := strings.Count(strings.Join(g.Missing, "|"), "(has an owner)"); n != 1 {
		t.Errorf("3306 should be missing once: %q", g.Missing)
	}
	if g := Check("socat (PID 7738) on 0.0.0.0:5005 and a socket with no owner on 0.0.0.0:2024.", h17); len(g.Missing) > 0 {
		t.Errorf("5005 is not the socket with no owner: %q", g.Missing)
	}
}

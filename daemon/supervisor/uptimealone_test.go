package supervisor

import "testing"

// TestUptimeAlone: an elapsed time is judged where the answer makes no
// other claim.
func TestUptimeAlone(t *testing.T) {
	host16 := EvidenceText(scenario(t, "host16")) // PID 1 up for about 77 minutes
	if g := Check("Uptime: about 1.3 hours.", host16); !g.Grounded() {
		t.Errorf("a true uptime alone is not grounded: %+v", g)
	}
	if g := Check("The uptime is 3 days.", host16); len(g.Missing) == 0 {
		t.Errorf("a false uptime alone is not missing: %+v", g)
	}
}

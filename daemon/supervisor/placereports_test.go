package supervisor

import (
	"slices"
	"testing"
)

// TestPlaceReports: a place that does not hold is reported by its rank.
func TestPlaceReports(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	g := Check("The biggest memory user is firefox (PID 4242) at 7.4%. In second place is gnome-shell (PID 2210) at 2.9%.", laptop)
	if want := "gnome-shell (not second in top_memory)"; !slices.Contains(g.Missing, want) {
		t.Errorf("missing %q, got %+v", want, g)
	}
}

package supervisor

import (
	"strings"
	"testing"
)

// TestReachOnce checks that checkExposure alone judges a listener's
// reach: a general statement's clause before its modal, a process
// narrowed to the PID in its bracket, and a wrong reach reported once.
func TestReachOnce(t *testing.T) {
	ev := func(name string) string { return EvidenceText(scenario(t, name)) }
	laptop, h10, h21 := ev("laptop"), ev("host10"), ev("host21")
	checkPairs(t, []pair{
		{"all interfaces before a modal clause", laptop,
			"nginx (PID 930) is listening on TCP port 80 on all interfaces (0.0.0.0), so the web server could be reachable from the network.",
			"CUPS (`cupsd`, PID 700) is listening on TCP port 631 on all interfaces (0.0.0.0), so the print service could be reachable from the network."},
		{"a process is the PID in its bracket", h21,
			"socat (PID 1472) listens on localhost only.",
			"socat (PID 1474) listens on localhost only."},
	})
	g := Check("The python3 http.server on port 8080 listens on all interfaces.", h10)
	n := 0
	for _, m := range g.Missing {
		if strings.Contains(m, "8080") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("port 8080 should be missing once: %q", g.Missing)
	}
}

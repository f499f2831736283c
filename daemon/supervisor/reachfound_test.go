package supervisor

import (
	"slices"
	"strings"
	"testing"
)

// TestReachBesideClaims: a reach said of every listener is judged beside
// other claims as where it stands alone (TestReachAlone): found where
// every socket agrees, missing where one does not.
func TestReachBesideClaims(t *testing.T) {
	local := "probe listening_ports ss -tulpn\nNetid State Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
		"tcp LISTEN 0 128 127.0.0.1:5432 0.0.0.0:* users:((\"postgres\",pid=4100,fd=5))\n"
	host2 := EvidenceText(scenario(t, "host2")) // 0.0.0.0:2024
	said := func(list []string) bool {
		return slices.ContainsFunc(list, func(s string) bool { return strings.Contains(s, "exposed to the network") })
	}
	if g := Check("postgres (PID 4100) listens on port 5432. Nothing is exposed to the network.", local); !g.Grounded() || !said(g.Found) {
		t.Errorf("true reach beside a claim is not found: %+v", g)
	}
	if g := Check("Port 2024 is open. Nothing is exposed to the network.", host2); g.Grounded() || !said(g.Missing) {
		t.Errorf("false reach beside a claim is not missing: %+v", g)
	}
}

package supervisor

import "testing"

// TestReachAlone: a reach said of every listener is judged, and grounds
// the answer, where the answer makes no other claim.
func TestReachAlone(t *testing.T) {
	host2 := EvidenceText(scenario(t, "host2")) // 0.0.0.0:2024
	local := "probe listening_ports ss -tulpn\nNetid State Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
		"tcp LISTEN 0 128 127.0.0.1:5432 0.0.0.0:* users:((\"postgres\",pid=4100,fd=5))\n" +
		"tcp LISTEN 0 128 [::1]:6379 [::]:* users:((\"redis-server\",pid=4200,fd=6))\n"
	for _, a := range []string{"Nothing is exposed to the network.", "No service is exposed."} {
		if g := Check(a, host2); len(g.Missing) == 0 {
			t.Errorf("%q is false on host2 but nothing is missing: %+v", a, g)
		}
		if g := Check(a, local); !g.Grounded() {
			t.Errorf("%q is true where every listener is on loopback but not grounded: %+v", a, g)
		}
	}
}

package supervisor

import "testing"

// TestReachWordings: the common wordings of "nothing is reachable from
// other hosts" are judged against every socket: missing where one is on
// a wildcard address, grounded where every one is on loopback.
func TestReachWordings(t *testing.T) {
	host2 := EvidenceText(scenario(t, "host2")) // 0.0.0.0:2024
	local := "probe listening_ports ss -tulpn\nNetid State Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
		"tcp LISTEN 0 128 127.0.0.1:5432 0.0.0.0:* users:((\"postgres\",pid=4100,fd=5))\n" +
		"tcp LISTEN 0 128 [::1]:6379 [::]:* users:((\"redis-server\",pid=4200,fd=6))\n"
	for _, a := range []string{
		"Nothing is exposed to the network: every listener is on localhost.",
		"No service is reachable from other hosts.",
		"No service is accessible from other machines.",
		"Nothing is reachable from outside.",
		"Everything is accessible only locally.",
		"Nothing listens on a public address.",
		"No port is open to the outside world.",
		"All services are bound to localhost.",
		"Every listener is on loopback only.",
		"Nothing is listening on an external interface.",
	} {
		if g := Check(a, host2); len(g.Missing) == 0 {
			t.Errorf("%q is false on host2 but nothing is missing: %+v", a, g)
		}
		if g := Check(a, local); !g.Grounded() {
			t.Errorf("%q is true where every listener is on loopback but not grounded: %+v", a, g)
		}
	}
}

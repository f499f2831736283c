package supervisor

import "testing"

// TestLoopbackOnlyAddress: "only on 127.0.0.1" said of a listener is
// "only on localhost": false where it also listens off the loopback.
func TestLoopbackOnlyAddress(t *testing.T) {
	pg := EvidenceText(scenario(t, "host61"))
	own := "probe listening_ports ss -tlnp\n" +
		"tcp   LISTEN 0      511        127.0.0.1:6379 0.0.0.0:*         users:((\"redis-server\",pid=880,fd=6))\n" +
		"tcp   LISTEN 0      511          0.0.0.0:80   0.0.0.0:*         users:((\"nginx\",pid=901,fd=6))\n" +
		"tcp   LISTEN 0      511        127.0.0.1:8080 0.0.0.0:*         users:((\"nginx\",pid=901,fd=7))\n"
	checkPairs(t, []pair{
		{"a loopback-only listener", own, "redis-server listens on port 6379 only on 127.0.0.1.",
			"nginx listens only on 127.0.0.1."},
		{"a port also off the loopback", pg, "etcd listens on port 2379 on 127.0.0.1 and on 10.20.0.12.",
			"etcd listens on port 2379 only on 127.0.0.1, so other nodes can't reach it."},
	})
}

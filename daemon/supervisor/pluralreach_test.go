package supervisor

import "testing"

// TestBarePluralReach checks a local reach said of a bare plural of
// listeners ("Services are not reachable from outside"): every socket must
// be on the loopback.
func TestBarePluralReach(t *testing.T) {
	local := "probe listening_ports ss -tulpn\nNetid State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process\n" +
		"tcp   LISTEN 0      4096       127.0.0.1:631        0.0.0.0:*     users:((\"cupsd\",pid=700,fd=7))\n" +
		"tcp   LISTEN 0      16         127.0.0.1:6379       0.0.0.0:*     users:((\"redis-server\",pid=29963,fd=3))\n"
	wide := evidence(t, "ss.txt")
	host32 := EvidenceText(scenario(t, "host32"))
	checkPairs(t, []pair{
		{"not reachable from outside", local, "Services are not reachable from outside.", ""},
		{"a wildcard listener makes it false", wide, "", "Services are not reachable from outside."},
		{"not exposed", local, "Services aren't exposed to the network.", ""},
		{"on another capture", host32, "", "The services are only on localhost."},
		{"only on localhost", local, "The services are only on localhost.", ""},
	})
}

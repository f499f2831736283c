package supervisor

import "testing"

// handSockets is a small ss table: 2049 (NFS) and 22 listen, 2048 does
// not.
const handSockets = "probe listening_ports ss -tulpn\n" +
	"Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
	"tcp   LISTEN 0      64           0.0.0.0:2049 0.0.0.0:*\n" +
	"tcp   LISTEN 0      128             0.0.0.0:22 0.0.0.0:*         users:((\"sshd\",pid=561,fd=3))\n"

// TestPortMatchExact: a port claim matches only that port. Port values
// are stored as [p-0.5, p+0.5], and the socket test for a denied port
// took any value touching that range, so 2049's socket denied "nothing
// listens on port 2048" and Jenkins's 8080 denied "nothing listens on
// port 8081". Each true denial of a neighbour has its false twin denying
// the listener itself, and an owner given the neighbour stays caught.
func TestPortMatchExact(t *testing.T) {
	ci, nas, mx := EvidenceText(scenario(t, "host66")), EvidenceText(scenario(t, "host64")), EvidenceText(scenario(t, "host62"))
	checkPairs(t, []pair{
		{"a neighbour of NFS denied", handSockets, "Nothing listens on port 2048.", "Nothing listens on port 2049."},
		{"a neighbour of NFS not listening", handSockets, "Port 2048 is not listening; NFS is on 2049.", "Port 2049 is not listening."},
		{"a neighbour of sshd, by hand", handSockets, "sshd listens on port 22.", "sshd listens on port 23."},
		{"a neighbour of Jenkins denied", ci, "Nothing listens on port 8081; Jenkins is on 8080.", "Nothing listens on port 8080."},
		{"Jenkins on a neighbour", ci, "Jenkins is on port 8080.", "Jenkins is on port 8081."},
		{"Jenkins below its port", ci, "Jenkins listens on port 8080.", "Jenkins listens on port 8079."},
		{"a neighbour of smbd denied", nas, "No service listens on port 446.", "No service listens on port 445."},
		{"sshd on a neighbour", nas, "sshd listens on port 22.", "sshd listens on port 23."},
		{"a neighbour of redis denied", mx, "Nothing listens on port 6380.", "Nothing listens on port 6379."},
		{"redis at a neighbouring address", mx, "redis listens on 127.0.0.1:6379.", "redis listens on 127.0.0.1:6380."},
		{"a range written as a range", mx, "rspamd listens on ports 11332-11334.", "rspamd listens on port 11335."},
	})
}

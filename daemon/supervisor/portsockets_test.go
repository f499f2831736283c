package supervisor

import "testing"

// TestPortSocketsExact: a port's sockets are those on that very port. A
// port value is the interval [p-0.5, p+0.5], and the sockets once taken
// as those whose interval touched the port's also held the ports either
// side: sshd's 22 was a socket of port 23 and of 21 on host63.
func TestPortSocketsExact(t *testing.T) {
	ix := newIndex(EvidenceText(scenario(t, "host63")))
	for port, want := range map[int]int{21: 0, 22: 4, 23: 0, 11333: 4} {
		if got := len(ix.portSockets(port)); got != want {
			t.Errorf("port %d: %d sockets, want %d", port, got, want)
		}
	}
}

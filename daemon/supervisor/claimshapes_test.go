package supervisor

import "testing"

// TestClaimShapes checks shapes false answers took in the blind rounds,
// each with a true answer that must stay grounded and the same shape with
// one fact wrong that must not.
func TestClaimShapes(t *testing.T) {
	ev := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt", "lscpu.txt")
	build := "probe top_memory ps aux --sort=-%mem\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"bob 3001 40.0 6.5 900000 800000 ? R 10:00 1:00 cc1plus\nbob 3000 1.5 0.2 20000 12000 ? S 10:00 0:01 make\n"
	server := "probe listening_ports ss -tulpn\n" + fixture(t, "server/ss.txt")
	routed := EvidenceText(scenario(t, "host5"))
	ipOnly := "probe network_addrs ip addr show\n" + fixture(t, "server/ip.txt")
	tests := []pair{
		{"gateway after through", routed, "The default route goes through 192.0.2.1.", "The default route goes through 192.0.2.2."},
		{"gateway before 'is the gateway'", routed, "192.0.2.1 is the default gateway.", "192.0.2.2 is the default gateway."},
		{"gateway after a label", routed, "Default gateway: 192.0.2.1 on eth0.", "Default gateway: 192.0.2.2 on eth0."},
		{"gateway without routes", ipOnly, "", "eno1 is up; its gateway is 10.20.30.41."},
		{"interface's own address", routed, "eth0 has the address 192.0.2.2.", "eth0 has the address 192.0.2.1."},
		{"interface's own IPv6 address", routed, "eth0's IPv6 address is fd00::2.", "eth0's IPv6 address is fd00::1."},
		{"count of all listeners", server, "Only five services are listening: sshd, nginx, postgres, redis-server and annad.", "Only three services are listening: sshd, nginx and annad."},
		{"count of listeners of a protocol", server, "There are 5 services listening on TCP.", "Four services listen on TCP: sshd, nginx, postgres and annad."},
		{"port on all interfaces", ev, "The web server on port 80 listens on all interfaces.", "The print server on port 631 listens on all interfaces."},
		{"quoted name before 'process'", build, "The `make` process is using 0.2% of memory.", "The `make` process is using 6.5% of memory."},
		{"top consumer as the predicate", ev, "firefox (PID 4242) is the top memory user.", "gnome-shell (PID 2210) is the top memory user."},
		{"top consumer of a measure", ev, "The top consumer of memory is firefox.", "The top consumer of memory is gnome-shell."},
	}
	checkPairs(t, tests)
}

package supervisor

import "testing"

// TestTableAndSocketShapes checks the shapes of blind round 25–26's misses: table
// cells read by their headers, sockets, list items and routes.
func TestTableAndSocketShapes(t *testing.T) {
	ev := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt", "lscpu.txt")
	host14 := EvidenceText(scenario(t, "host14"))
	ipv6Loopback := "probe listening_ports ss -tulpn\nNetid State Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
		"tcp LISTEN 0 5 [::1]:5000 [::]:* users:((\"socat\",pid=24497,fd=5))\n"
	tests := []pair{
		{"percentage under a %MEM header", ev,
			"| PID | Command | %MEM |\n|---|---|---|\n| 4242 | firefox | 7.4 |\n| 2210 | gnome-shell | 2.9 |",
			"| PID | Command | %MEM |\n|---|---|---|\n| 4242 | firefox | 7.4 |\n| 2210 | gnome-shell | 4.2 |"},
		{"percentage under a %CPU header, name first", ev,
			"| Process | %CPU |\n|---|---|\n| firefox | 12.3 |\n| gnome-shell | 1.0 |",
			"| Process | %CPU |\n|---|---|\n| firefox | 12.3 |\n| gnome-shell | 3.1 |"},
		{"KiB under an RSS header", ev,
			"| PID | RSS | Command |\n|---|---|---|\n| 1187 | 251904 | dockerd |",
			"| PID | RSS | Command |\n|---|---|---|\n| 1187 | 452112 | dockerd |"},
		{"size under a header naming its unit", ev,
			"| Process | RSS (MiB) |\n|---|---|\n| firefox | 1126 |\n| gnome-shell | 442 |",
			"| Process | RSS (MiB) |\n|---|---|\n| firefox | 1126 |\n| gnome-shell | 639 |"},
		{"list item's address belongs to its own bracket", ev,
			"Listening: UDP 5353 (avahi-daemon, PID 640), TCP 80 on all addresses, and TCP 127.0.0.1:631 (cupsd, PID 700).",
			"Listening: UDP 5353 (avahi-daemon, PID 640), TCP 80 on all addresses, and TCP 127.0.0.1:631 (sshd, PID 812)."},
		{"address item without a bracket after a bracketed one", ev,
			"Sockets: UDP 5353 (avahi-daemon, PID 640), TCP 0.0.0.0:80, TCP 127.0.0.1:631 (cupsd, PID 700).",
			"Sockets: UDP 5353 (avahi-daemon, PID 640), TCP 0.0.0.0:80, TCP 0.0.0.0:631 (cupsd, PID 700)."},
		{"item closed by a comma before an 'and' item", ev,
			"- other listeners: 0.0.0.0:80, and cupsd (PID 700) on 127.0.0.1:631",
			"- other listeners: 0.0.0.0:80, and cupsd (PID 700) on 0.0.0.0:631"},
		{"all interfaces said in a contrast clause", ev,
			"cupsd (631) listens only on 127.0.0.1, while sshd (22) and nginx (80) listen on all interfaces.",
			"sshd (22) listens only on 127.0.0.1, while cupsd (631) and nginx (80) listen on all interfaces."},
		{"bracket before 'listen on' an address is a port", ev,
			"cupsd (631) listens only on 127.0.0.1, whereas sshd (22) listens on all interfaces.",
			"cupsd (632) listens only on 127.0.0.1, whereas sshd (22) listens on all interfaces."},
		{"PIDs in brackets before 'listening on all interfaces'", ev,
			"nginx (930) and sshd (812) are listening on all interfaces.",
			"nginx (931) and sshd (930) are listening on all interfaces."},
		{"bracket before 'listens on' a port stays a PID", ev,
			"sshd (812) listens on port 22.",
			"sshd (813) listens on port 22."},
		{"socket table row's port and address are one socket", ev,
			"| Port | Address | Process |\n|---|---|---|\n| 631 | 127.0.0.1 | cupsd (PID 700) |\n| 22 | [::] | sshd (PID 812) |",
			"| Port | Address | Process |\n|---|---|---|\n| 631 | 127.0.0.1 | cupsd (PID 700) |\n| 80 | [::] | nginx (PID 930) |"},
		{"socket table row's reach", ev,
			"| Port | Process | Exposure |\n|---|---|---|\n| 22 | sshd | all IPv4, public |\n| 631 | cupsd | loopback only |",
			"| Port | Process | Exposure |\n|---|---|---|\n| 22 | sshd | all IPv4, public |\n| 631 | cupsd | all IPv4, public |"},
		{"socket table row said local", ev, "",
			"| Port | Process | Exposure |\n|---|---|---|\n| 80 | nginx | localhost only |"},
		{"wildcard IPv6 address in prose", ev,
			"sshd listens on port 22 at [::] as well.",
			"cupsd listens on port 631 at [::] as well."},
		{"wildcard IPv6 address, not the peer column", ipv6Loopback,
			"socat (PID 24497) listens on ::1.",
			"socat (PID 24497) listens on [::]."},
		{"network prefix on a route line", host14,
			"eth0's subnet is 192.0.2.0/24 and its address is 192.0.2.2.",
			"eth0's subnet is 192.0.2.0/24 and its address is 192.0.2.1."},
		{"list under a routing heading", host14,
			"Routes:\n- default via 192.0.2.1 dev eth0\n- 192.0.2.0/24 on eth0, src 192.0.2.2",
			"Routes:\n- default via 192.0.2.1 dev eth0\n- 192.0.2.0/24 on eth0, src 192.0.2.7"},
	}
	checkPairs(t, tests)
}

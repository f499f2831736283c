package supervisor

import "testing"

// TestRound22BShapes checks the shapes of blind round 22–24 that true
// answers were flagged for: each a true answer that must stay grounded
// and the same shape with one fact wrong that must not.
func TestRound22BShapes(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	host14 := EvidenceText(scenario(t, "host14"))
	host15 := EvidenceText(scenario(t, "host15"))
	host10 := EvidenceText(scenario(t, "host10"))
	laptop := EvidenceText(scenario(t, "laptop"))
	tests := []pair{
		{"PID in brackets after a name in a table", server,
			"| Proto | Address:Port | Process (PID) |\n|---|---|---|\n| tcp | 0.0.0.0:22 | sshd (977) |\n| tcp | 127.0.0.1:6379 | redis-server (1790) |",
			"| Proto | Address:Port | Process (PID) |\n|---|---|---|\n| tcp | 0.0.0.0:22 | sshd (1790) |\n| tcp | 127.0.0.1:6379 | redis-server (977) |"},
		{"PIDs in brackets after a name in prose", server,
			"The busiest are postgres (2231) at 38.6% CPU and nginx (1544) at 21.7%.",
			"The busiest are postgres (2231) at 38.6% CPU and nginx (8943) at 21.7%."},
		{"PID after a backticked command line", host14,
			"The busy process is `sh -c while :; do :; done` (PID 19570) at 27.8% CPU.",
			"The busy process is `sh -c while :; do :; done` (PID 19564) at 27.8% CPU."},
		{"dash list items led by a protocol", server,
			"Listening:\n\n- **TCP 22** – sshd (PID 977), all interfaces\n- **TCP 6379** – redis-server (PID 1790), localhost only",
			"Listening:\n\n- **TCP 22** – sshd (PID 977), all interfaces\n- **TCP 6380** – redis-server (PID 1790), localhost only"},
		{"total of listening sockets", server,
			"sshd, nginx, postgres, redis-server and annad listen.\n\nTotal: 5 listening sockets.",
			"sshd, nginx, postgres, redis-server and annad listen.\n\nTotal: 6 listening sockets."},
		{"sockets in total", server,
			"sshd listens on port 22 and nginx on port 443. That's 5 sockets in total.",
			"sshd listens on port 22 and nginx on port 443. That's 7 sockets in total."},
		{"bold ports after 'listeners'", server,
			"I count five TCP listeners: **22**, **443** (nginx, PID 1544), **5432**, **6379** and **7070** (annad, PID 8943).",
			"I count five TCP listeners: **22**, **443** (nginx, PID 1544), **5433**, **6379** and **7070** (annad, PID 8943)."},
		{"ports listed past their annotations", server,
			"Listening TCP ports: 22 on 0.0.0.0 (sshd, PID 977), 443 on 0.0.0.0 (nginx, PID 1544), 6379 on 127.0.0.1 (redis-server, PID 1790).",
			"Listening TCP ports: 22 on 0.0.0.0 (sshd, PID 977), 443 on 0.0.0.0 (nginx, PID 1544), 6379 on 127.0.0.1 (annad, PID 8943)."},
		{"PID beside a product name", server,
			"PostgreSQL (PID 2231) is the busiest process at 38.6% CPU.",
			"PostgreSQL (PID 1790) is the busiest process at 38.6% CPU."},
		{"ports denied after 'nothing on'", server,
			"No MySQL: nothing on 3306 or 8080, only port 22, 443 and 7070.",
			"No MySQL: nothing on 3306 or 6379, only port 22, 443 and 7070."},
		{"hedge after an interface noun", server,
			"There is an `eno1` interface (probably the uplink) with 10.20.30.41/24.",
			"There is an `eno1` interface (probably the uplink) with 10.20.30.42/24."},
		{"name set against the finding", server,
			"PID 8943 is annad at 14.3% CPU, rather than a real MySQL server.",
			"PID 8943 is annad at 14.3% CPU, rather than a real MySQL server, and MySQL uses 5% CPU."},
		{"everyday word used as a verb", host15,
			"`eth0` has 192.0.2.2/24, and the default routes go via 192.0.2.1 (IPv4) and fd00::1 (IPv6), both on eth0.",
			"`eth0` has 192.0.2.2/24, and the default routes go via 192.0.2.1 (IPv4) and fd00::2 (IPv6), both on eth0."},
		{"everyday word naming its process", host15,
			"yes (PID 21002) is at 26.2% CPU.",
			"yes (PID 21002) is at 62.2% CPU."},
		{"port with no process shown", host10,
			"python3 (PID 2352) listens on TCP port 8080, plus TCP port 2024 on 0.0.0.0 with no process name shown.",
			"python3 (PID 2352) listens on TCP port 2024, plus TCP port 8080 on 127.0.0.1 with no process name shown."},
		{"path in a device's bracket", laptop,
			"The disks are `nvme0n1p2` (476.4G, mounted on /) and `sda1`, which holds /home.",
			"The disks are `sda1` (931.5G, mounted on /) and `nvme0n1p2`, which holds /home."},
		{"paths listed beside a /dev path", laptop,
			"/ is 90% used; /run, /dev/shm, /boot/efi at 1–2%.",
			"/ is 90% used; /run, /dev/shm, /boot/efi at 5–9%."},
		{"bracketed list after a joint subject", laptop,
			"cupsd (PID 700) and avahi-daemon (PID 640) listen apart (127.0.0.1:631 and 0.0.0.0:5353), while sshd uses port 22.",
			"cupsd (PID 700) and avahi-daemon (PID 640) listen apart (127.0.0.1:631 and 0.0.0.0:80), while sshd uses port 22."},
		{"no process said of another port", laptop,
			"Port 22 is sshd (PID 812); no process listens on port 8080.",
			"Port 22 is sshd (PID 812); no process listens on port 80."},
		{"table columns of PIDs and ports", server,
			"| Process | PID | Port |\n|---|---|---|\n| sshd | 977 | 22 |\n| nginx | 1544 | 443 |\n| postgres | 2231 | 5432 |\n| redis-server | 1790 | 6379 |",
			"| Process | PID | Port |\n|---|---|---|\n| sshd | 977 | 22 |\n| nginx | 1544 | 443 |\n| postgres | 1790 | 5432 |\n| redis-server | 2231 | 6379 |"},
		{"table column of ports far from its header", server,
			"| Process | PID | User | State | Proto | Port |\n|---|---|---|---|---|---|\n| sshd | 977 | root | LISTEN | tcp | 22 |\n| annad | 8943 | root | LISTEN | tcp | 7070 |",
			"| Process | PID | User | State | Proto | Port |\n|---|---|---|---|---|---|\n| sshd | 977 | root | LISTEN | tcp | 22 |\n| annad | 8943 | root | LISTEN | tcp | 7071 |"},
		{"bracketed PID before where it listens", server,
			"Listening: sshd (977) on 22, nginx (1544) on 443 and annad (8943) on 7070.",
			"Listening: sshd (977) on 22, nginx (8943) on 443 and annad (1544) on 7070."},
		{"ports denied after 'no listeners on'", laptop,
			"No database: no listeners on 3306 or 5432; sshd has port 22.",
			"No database: no listeners on 3306 or 631; sshd has port 22."},
		{"second item after an annotated one", server,
			"Two TCP ports listen on localhost: **5432** on 127.0.0.1 (postgres, PID 2231) and **6379** on 127.0.0.1.",
			"Two TCP ports listen on localhost: **5432** on 127.0.0.1 (postgres, PID 2231) and **6380** on 127.0.0.1."},
	}
	checkPairs(t, tests)
}

package supervisor

import "testing"

// TestLabelShapes holds answers whose figures or PIDs carry a label that
// is no entity: a "/" between figures, an address family before "PID", a
// "no … information" that says what the answerer lacks.
func TestLabelShapes(t *testing.T) {
	laptop := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt")
	server := "probe top_cpu ps aux --sort=-%cpu\n" + fixture(t, "server/ps_cpu.txt") +
		"probe failed_services systemctl --failed\n" + fixture(t, "server/failed.txt") +
		"probe disk_usage df -h\n" + fixture(t, "server/df.txt")
	host31 := EvidenceText(scenario(t, "host31"))
	checkPairs(t, []pair{
		{"slash before a column name divides figures", server,
			"postgres (PID 2231) holds 12.4% / RSS 2043112 KiB.",
			"postgres (PID 2231) holds 12.4% / RSS 1087564 KiB."},
		{"slash before a field word divides figures", laptop,
			"Memory: 15 GiB total / used 6.1 GiB.",
			"Memory: 15 GiB total / used 9.3 GiB."},
		{"df's bare letters are binary", server,
			"/dev/shm has 16G in total, 15G available.",
			"/dev/shm has 15G in total."},
		{"an answer's bare letters are binary", server,
			"/dev/shm is a 16G tmpfs with 15G free.",
			"/dev/shm is a 16G tmpfs with 16G free."},
		{"used is the Used column, not Avail", laptop,
			"/boot/efi is a 511M partition with 6.1M used (2%).",
			"/boot/efi is a 511M partition with 505M used (2%)."},
		{"family label before PID", laptop,
			"sshd listens on port 22 (IPv4 PID 812, IPv6 PID 812).",
			"nginx listens on port 80 (IPv4 PID 930, IPv6 PID 931)."},
		{"protocol before PID is a name its socket must have", laptop, // sshd's 22 is TCP
			"avahi-daemon listens on port 5353 (UDP PID 640).",
			"sshd listens on port 22 (UDP PID 812)."},
		{"PID then its family", host31,
			"nginx listens on port 80: PID 29711 on IPv4 and PID 29711 on IPv6.",
			"rsyslogd listens on port 514: PID 29710 on IPv4 and PID 29711 on IPv6."},
		{"PIDs listed with their families in brackets", host31,
			"nginx listens on port 80 with PIDs 29711 (IPv4) and 29711 (IPv6).",
			"rsyslogd listens on port 514 with PIDs 29710 (IPv4) and 29711 (IPv6)."},
		{"family PIDs swapped", EvidenceText(scenario(t, "host27")),
			"",
			"node on port 3000 (IPv4 PID 28985, IPv6 PID 28983)."},
		{"no information is no absence", host31,
			"systemctl --failed could not reach the system bus, so I have no failed-unit information.",
			""},
		{"no data on failed units beside the failed ones", server,
			"backup.service and certbot.timer have failed; I have no data on why.",
			"There are no failed units in the information systemctl gave."},
	})
}

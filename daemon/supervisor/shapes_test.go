package supervisor

import "testing"

// TestWrittenShapes checks true answers written in shapes the rules first
// misread (a list flattened onto one line, a size before "disk (sdb)",
// code identifiers in backticks), each with the same shape one fact wrong.
func TestWrittenShapes(t *testing.T) {
	server := "probe top_cpu ps aux --sort=-%cpu\n" + fixture(t, "server/ps_cpu.txt")
	disks := "probe block_devices lsblk\nNAME   MAJ:MIN RM   SIZE RO TYPE MOUNTPOINTS\n" +
		"sdb      8:16   0   1.8T  0 disk\n└─sdb1   8:17   0   1.8T  0 part /srv\n" +
		"vda    254:0    0   120G  0 disk\n├─vda1 254:1    0     1G  0 part /boot\n└─vda2 254:2    0   119G  0 part /\n"
	journal := "probe system_logs journalctl\nMar 03 10:00:01 host sshd[4410]: Invalid user admin from 203.0.113.9 port 50122\n"
	tests := []pair{
		{"list flattened onto one line", server, "- postgres: 38.6% CPU - nginx: 21.7% - annad: 14.3% - dockerd: 9.8%", "- postgres: 38.6% CPU - nginx: 14.3% - annad: 21.7% - dockerd: 9.8%"},
		{"path paired within its comma segment", disks, "Two disks: sdb (1.8T) holding /srv, and vda (120G) holding / and /boot.", "Two disks: sdb (1.8T) holding /boot, and vda (120G) holding / and /srv."},
		{"size before a noun and the bracketed device", disks, "Disks: a 120G drive (vda) holding / and /boot, and a 1.8T disk (sdb) mounted at /srv.", "Disks: a 120G drive (vda) holding / and /boot, and a 120G disk (sdb) mounted at /srv."},
		{"backticked config identifier", journal, "A login for invalid user admin came from 203.0.113.9; an `AllowUsers` line in sshd_config limits who can log in.", "A login for invalid user admin came from 203.0.113.8; an `AllowUsers` line in sshd_config limits who can log in."},
		{"backticked process name stays a claim", server, "", "The `frobd` process uses 38.6% CPU."},
		{"open and a quote is advice", server, "postgres is at 38.6% CPU. Open `pg_stat_activity` to see which query is heavy.", "postgres is at 21.7% CPU. Open `pg_stat_activity` to see which query is heavy."},
	}
	tests = append(tests, pair{"ports listed long after 'listen'", evidence(t, "ss.txt"),
		"Programs that listen for connections on this laptop: avahi-daemon on 5353, sshd on 22, nginx on 80 and cupsd on 631.",
		"Programs that listen for connections on this laptop: avahi-daemon on 5353, sshd on 22, nginx on 80 and cupsd on 5353."})
	serverDisk := "probe disk_usage df -h\n" + fixture(t, "server/df.txt") + "probe memory_info free -h\n" + fixture(t, "server/free.txt")
	tests = append(tests, pair{"figure that is its own clause's subject", serverDisk,
		"Disk and memory: /srv/data is 51% used and 18Gi is available.", "Disk and memory: /srv/data is 51% used and 21Gi is available."})
	cron := "probe top_cpu ps aux --sort=-%cpu\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 3001 45.0 0.0 2592 1552 ? R 08:18 0:11 sh -c yes > /dev/null\nroot 3002 1.0 0.1 8400 3100 ? Ss 08:00 0:01 /usr/sbin/cron -f\n"
	tests = append(tests, pair{"PID beside a backticked command line in a bracket", cron,
		"A cron job (`sh -c yes > /dev/null`, PID 3001) is using 45% CPU.", "A cron job (`sh -c yes > /dev/null`, PID 3002) is using 45% CPU."})
	py := "probe top_memory ps aux --sort=-%mem\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"app 5001 2.0 3.1 900000 800000 ? S 08:00 0:10 /usr/bin/python3.12 /srv/app/worker.py\n" +
		"app 5002 0.5 1.0 300000 250000 ? S 08:00 0:02 /usr/sbin/nginx -g daemon off;\n" +
		"probe disk_usage df -h\nFilesystem Size Used Avail Use% Mounted on\n/dev/sdc1 20G 2G 18G 10% /opt/python\n" +
		"probe listening_ports ss -tulpn\ntcp LISTEN 0 5 0.0.0.0:9000 0.0.0.0:* users:((\"python3.12\",pid=5001,fd=3))\n"
	tests = append(tests,
		pair{"interpreter named without its version", py, "The biggest memory user is a Python worker (PID 5001) at 3.1%.", "The biggest memory user is a Python worker (PID 5002) at 3.1%."},
		pair{"PID a far subject 'has'", py, "The Python worker listening on port 9000 has PID 5001.", "The Python worker listening on port 9000 has PID 5002."},
		pair{"list item after a bracketed name", evidence(t, "ss.txt"), "Open ports: UDP 5353 (avahi-daemon), TCP 631 on localhost, and sshd on 22.", "Open ports: UDP 5353 (avahi-daemon), UDP 631 on localhost, and sshd on 22."},
		pair{"list item names its own entity after it", evidence(t, "ss.txt"), "Open ports: TCP 22 (sshd), TCP 631 on localhost (cupsd).", "Open ports: TCP 22 (sshd), TCP 631 on localhost (nginx)."},
		pair{"bracketed IPv6 address and port", evidence(t, "ss.txt"), "sshd also listens on [::]:22.", "nginx also listens on [::]:80."})
	noSwap := "probe memory_info free -h\n               total        used        free      shared  buff/cache   available\n" +
		"Mem:            31Gi        12Gi       3.9Gi       1.2Gi        15Gi        18Gi\nSwap:             0B          0B          0B\n"
	tests = append(tests, pair{"memory figures before 'and no swap'", noSwap,
		"You have 18Gi available out of 31Gi and no swap.", "You have 12Gi available out of 31Gi and no swap."})
	checkPairs(t, tests)
}

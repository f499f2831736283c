package supervisor

import (
	"strconv"
	"testing"
)

// A path in a process's command line stands for the process: a port or
// address tied to it is one of that process's sockets.
func TestPathSockets(t *testing.T) {
	server := "probe top_cpu ps aux --sort=-%cpu\n" + fixture(t, "server/ps_cpu.txt") +
		"probe listening_ports ss -tulpn\n" + fixture(t, "server/ss.txt")
	// Nine workers run one script; only the last listens.
	workers := "probe top_cpu ps aux --sort=-%cpu\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n"
	for pid := 5101; pid <= 5109; pid++ {
		workers += "app " + strconv.Itoa(pid) + " 1.0 0.5 10000 9000 ? S 10:00 0:01 python3 /srv/app/worker.py\n"
	}
	workers += "probe listening_ports ss -tulpn\nNetid State Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
		"tcp LISTEN 0 128 0.0.0.0:8088 0.0.0.0:* users:((\"python3\",pid=5109,fd=3))\n"
	checkPairs(t, []pair{
		{"port of a path every worker runs", workers,
			"/srv/app/worker.py listens on port 8088.",
			"/srv/app/worker.py listens on port 8089."},
		{"port of a binary's path", server,
			"annad (PID 8943) runs /usr/local/bin/annad on port 7070.",
			"annad (PID 8943) runs /usr/local/bin/annad on port 5432."},
		{"address of a binary's path", server,
			"The daemon /usr/local/bin/annad listens on 0.0.0.0:7070.",
			"The daemon /usr/local/bin/annad listens on 127.0.0.1:7070."},
	})
}

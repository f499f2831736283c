package supervisor

import "testing"

// A path in a process's command line stands for the process: a port or
// address tied to it is one of that process's sockets.
func TestPathSockets(t *testing.T) {
	server := "probe top_cpu ps aux --sort=-%cpu\n" + fixture(t, "server/ps_cpu.txt") +
		"probe listening_ports ss -tulpn\n" + fixture(t, "server/ss.txt")
	checkPairs(t, []pair{
		{"port of a binary's path", server,
			"annad (PID 8943) runs /usr/local/bin/annad on port 7070.",
			"annad (PID 8943) runs /usr/local/bin/annad on port 5432."},
		{"address of a binary's path", server,
			"The daemon /usr/local/bin/annad listens on 0.0.0.0:7070.",
			"The daemon /usr/local/bin/annad listens on 127.0.0.1:7070."},
	})
}

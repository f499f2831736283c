package supervisor

import "testing"

// TestIOPaths checks that a path a process is said to read or write is
// in its records (its command line): ps shows what it was started with.
func TestIOPaths(t *testing.T) {
	host11 := EvidenceText(scenario(t, "host11"))
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"object of a reading verb", host11, "sha256sum (PID 5381) is reading /dev/zero, which never ends.", "sha256sum (PID 5381) is reading /dev/vda, your root disk."},
		{"after to", laptop, "dockerd (PID 1187) talks to containerd and reads from /run/containerd/containerd.sock.", "dockerd (PID 1187) is writing to /home."},
		// postgres' row names no file: its data directory is no claim
		// on its command line.
		{"a process whose command line names no path", server, "PostgreSQL (PID 2231) writes its data to /var/lib/postgresql, which is 95% full.", ""},
		{"a path of no I/O verb", laptop, "firefox (PID 4242) runs from /usr/lib/firefox/firefox while /home is 59% full.", ""},
	})
}

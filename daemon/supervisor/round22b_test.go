package supervisor

import "testing"

// TestRound22BShapes checks the shapes of blind round 22–24 that true
// answers were flagged for: each a true answer that must stay grounded
// and the same shape with one fact wrong that must not.
func TestRound22BShapes(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	host14 := EvidenceText(scenario(t, "host14"))
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
	}
	checkPairs(t, tests)
}

package supervisor

import "testing"

// TestMultiples checks that "twice as much … as" compares like "more …
// than", and that bare numbers the evidence shows as PIDs are compared
// as processes, not as numbers.
func TestMultiples(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"twice as much, PIDs", laptop,
			"PID 4242 uses roughly twice as much memory as PID 2210.",
			"PID 2210 uses roughly twice as much memory as PID 4242."},
		{"bare PIDs compared", server,
			"So 2231 uses more memory than 3120.", "So 3120 uses more memory than 2231."},
		{"bare PIDs, a multiple", server,
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%, so 2231 uses about twice as much memory as 3120.",
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%, so 3120 uses about twice as much memory as 2231."},
		{"three times as much CPU", server,
			"nginx uses about three times as much CPU as redis-server.", "redis-server uses about three times as much CPU as nginx."},
		{"half as much", laptop,
			"gnome-shell uses less than half as much memory as firefox.", "firefox uses half as much memory as gnome-shell."},
	}
	checkPairs(t, tests)
}

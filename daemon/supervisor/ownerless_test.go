package supervisor

import "testing"

// TestOwnerlessShapes: what ss cannot tell (the program of an ownerless
// socket) is not claimed, and a counted "process" opens no name.
func TestOwnerlessShapes(t *testing.T) {
	host12 := EvidenceText(scenario(t, "host12"))
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"service of an ownerless port", host12, "Port 2024 is open on 0.0.0.0; ss shows no process for it, so it is probably SSH.", "Port 2024 is the SSH server, listening on 0.0.0.0."},
		{"service of an ownerless port in brackets", host12, "Port 2024 (likely a web server) listens on 0.0.0.0.", "Port 2024 (web server) listens on 0.0.0.0."},
		{"service said to listen on an ownerless port", host12, "Something listens on 2024 with no process shown; it looks like an HTTP server.", "An HTTP server is listening on port 2024."},
		{"a denied modal makes no guess of an ownerless port", host12, "",
			"ss could not show the owner of port 2024, which is the SSH server."},
		// The verb ends no bracket or label here, so only describesKind
		// keeps it from being read as the process's name.
		{"counted process before a verb", server, "One process looks suspicious. PID 6666 belongs to the user eve.", "One process looks suspicious. PID 6666 belongs to the user bob."},
		{"demonstrative process before a verb", server, "This process stands out. PID 6666 runs /tmp/x.", "This process stands out. PID 6666 runs /tmp/y."},
	})
}

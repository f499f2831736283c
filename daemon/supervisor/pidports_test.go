package supervisor

import "testing"

// TestPIDPorts: a port and a PID written as one socket's are one ss row,
// even where each alone is found on another process of the same name.
func TestPIDPorts(t *testing.T) {
	host17 := EvidenceText(scenario(t, "host17"))
	// Each false side differs from its true one only in the PID, and the
	// port's owner is named after it or not at all, so no rule tying a
	// port to the entity before it catches it first.
	checkPairs(t, []pair{
		{"PID in a bracket after the port", host17, "The python3 http.server on port 8088 (PID 7736) is running.", "The python3 http.server on port 8088 (PID 7740) is running."},
		{"port after the PID's bracket", host17, "The file server (PID 7736) listens on port 8088 (python3 -m http.server).", "The file server (PID 8073) listens on port 8088 (python3 -m http.server)."},
		{"port held by a PID", host17, "Port 3306 is held by PID 8075, a socat.", "Port 3306 is held by PID 8069, a socat."},
		{"PID holding a port", host17, "PID 8069 holds port 9443 (socat, on [::]).", "PID 8075 holds port 9443 (socat, on [::])."},
		{"name and PID in the port's bracket", host17, "UDP 5005 (socat, PID 7738) is open on 0.0.0.0.", "UDP 5005 (socat, PID 8075) is open on 0.0.0.0."},
		{"port then \"as PID\"", host17, "python3 listens on port 8088 as PID 7736.", "python3 listens on port 8088 as PID 7740."},
	})
	// host56: prometheus restarted; 9090 is the new PID 25313's, and the
	// old PID 23888 is still in the journal under the same name.
	checkPairs(t, []pair{
		{"restarted process's old PID", EvidenceText(scenario(t, "host56")),
			"Prometheus listens on port 9090 as PID 25313.",
			"Prometheus listens on port 9090 as PID 23888."},
	})
}

package supervisor

import "testing"

// TestPIDPorts: a port and a PID written as one socket's are one ss row,
// even where each alone is found on another process of the same name.
func TestPIDPorts(t *testing.T) {
	host17 := EvidenceText(scenario(t, "host17"))
	checkPairs(t, []pair{
		{"PID in a bracket after the port", host17, "The python3 http.server on port 8088 (PID 7736) is bound to 127.0.0.1.", "The python3 http.server on port 8088 (PID 7740) is bound to 127.0.0.1."},
		{"port after the PID's bracket", host17, "python3 (PID 7736) listens on port 8088.", "python3 (PID 8073) listens on port 8088."},
		{"port held by a PID", host17, "Port 3306 is held by PID 8075, a socat.", "Port 3306 is held by PID 8069, a socat."},
		{"PID holding a port", host17, "socat PID 8069 holds port 9443 on [::].", "socat PID 8075 holds port 9443 on [::]."},
		{"name and PID in the port's bracket", host17, "UDP 5005 (socat, PID 7738) is open on 0.0.0.0.", "UDP 5005 (socat, PID 8075) is open on 0.0.0.0."},
	})
}

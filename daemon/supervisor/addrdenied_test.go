package supervisor

import "testing"

// TestAddressDenied: "Port 22 is not bound to 127.0.0.1" denies the
// address of the port, not the port: it is false where ss has the port on
// that address.
func TestAddressDenied(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop")) // 0.0.0.0:22, [::]:22, 127.0.0.1:631
	checkPairs(t, []pair{
		{"an address denied of a port", laptop, "Port 22 is not bound to 127.0.0.1.", "Port 631 is not bound to 127.0.0.1."},
		{"an address denied with isn't", laptop, "Port 22 isn't listening on 127.0.0.1.", "Port 631 isn't bound to 127.0.0.1."},
		{"the wildcard denied", laptop, "Port 631 is not on 0.0.0.0.", "Port 22 is not on 0.0.0.0."},
	})
}

package supervisor

import "testing"

// TestPeerEndpoints checks an address and port written as the far end of
// a connection a log line shows (peerends.go): it is no listener of this
// machine, in either form a model writes it; one said to come from there,
// where the line connects to it, or with another port, still is.
func TestPeerEndpoints(t *testing.T) {
	extra := "\nprobe system_logs journalctl -p warning -b\n" +
		"Nov 24 08:00:01 host postfix/smtp[2811]: connect to mx.example.net[203.0.113.9]:443: Connection refused\n"
	server := EvidenceText(scenario(t, "server")) + extra
	checkPairs(t, []pair{
		{"an endpoint a log line connects to", server,
			"The smtp client couldn't reach mx.example.net[203.0.113.9]:443 at 08:00:01 (Connection refused).",
			"The smtp client couldn't reach mx.example.net[203.0.113.9]:5432 at 08:00:01 (Connection refused)."},
		{"the endpoint without its host name", server,
			"postfix/smtp could not connect to 203.0.113.9:443 at 08:00:01.",
			"postfix/smtp could not connect to 203.0.113.9:443 at 08:10:01."},
		{"not the other way round", server,
			"",
			"At 08:00:01 an inbound connection from 203.0.113.9:443 was refused."},
		{"not apart", server,
			"",
			"At 08:00:01 an inbound connection from 203.0.113.9 to our port 443 was refused."},
	})
}

package supervisor

import "testing"

// TestFamilyOnlyListeners checks a listener said to be on one address
// family only against its sockets' families.
func TestFamilyOnlyListeners(t *testing.T) {
	host22 := EvidenceText(scenario(t, "host22"))
	tests := []pair{
		{"only on IPv6", host22,
			"node_exporter on port 9100 is only listening on IPv6.",
			"rsyslogd on port 514 is only listening on IPv6."},
		{"no IPv4 listener", host22,
			"Port 9100 (node_exporter) has no IPv4 socket.",
			"Port 514 (rsyslogd) has no IPv4 socket."},
		{"IPv4 only", host22,
			"rsyslogd on UDP 514 is IPv4 only.",
			"node_exporter on 9100 is IPv4 only."},
		{"a process on one family", host22,
			"socat only listens on IPv6.",
			"rsyslogd only listens on IPv6."},
		{"not only one family", host22,
			"rsyslogd listens on UDP 514, but not only on IPv6.", ""},
		{"both families is no limit", host22,
			"node_exporter on 9100 listens on IPv6 and rsyslogd on 514 on IPv4.", ""},
	}
	checkPairs(t, tests)
}

package supervisor

import "testing"

// TestNeverRecovered: a failure said never to end is false when its
// process logs a success after it; one whose process logs none stands.
func TestNeverRecovered(t *testing.T) {
	k8s := EvidenceText(scenario(t, "host54"))
	own := "probe system_logs journalctl -p warning\n" +
		"Nov 24 10:00:01 gw1 openvpn[812]: vpn-a: connection to 192.0.2.33 lost, reconnecting\n" +
		"Nov 24 10:00:31 gw1 openvpn[812]: vpn-a: connection to 192.0.2.33 re-established\n" +
		"Nov 24 10:02:00 gw1 openvpn[901]: vpn-b: connection to 192.0.2.90 lost, reconnecting\n"
	checkPairs(t, []pair{
		{"a failure that did not last", own, "At 10:02:00 openvpn (PID 901) lost its connection to 192.0.2.90 and never recovered.",
			"At 10:00:01 openvpn (PID 812) lost its connection to 192.0.2.33 and never recovered."},
		{"a lease renewed later", k8s, "flanneld PID 27216 failed to renew its lease for subnet 10.244.2.0/24 at 04:34:34 and renewed it at 04:34:40.",
			"flanneld PID 27216 failed to renew its lease for subnet 10.244.2.0/24 at 04:34:34 and never recovered."},
	})
}

// TestJournalLabel: a line's label gives its identifier and PID, the
// one parse the rules that follow a process through the journal share.
func TestJournalLabel(t *testing.T) {
	for _, tc := range []struct{ line, ident, pid string }{
		{"nov 24 18:35:59 ws-07 cupsd[880]: scheduler started", "cupsd", "880"},
		{"nov 24 18:35:59 ws-07 kernel: usb 1-2: new device", "kernel", ""},
		{"nov 24 18:35:59 ws-07 postgres[1886]:", "postgres", "1886"},
		{"nov 24 18:35:59 ws-07 cupsd[880] no colon", "", ""},
		{"message lease lost", "", ""},
	} {
		if ident, pid := journalLabel(tc.line); ident != tc.ident || pid != tc.pid {
			t.Errorf("journalLabel(%q) = %q, %q, want %q, %q", tc.line, ident, pid, tc.ident, tc.pid)
		}
		if ident := journalIdent(tc.line); ident != tc.ident {
			t.Errorf("journalIdent(%q) = %q, want %q", tc.line, ident, tc.ident)
		}
	}
}

// TestNeverRecoveredOwnSuccess: a failure line that itself logs a
// success ("lease renewed, but the DNS update failed") has no success
// of its process after it that can be told to end that failure; a line
// of failure alone, of the same process and followed by the same
// success, is still caught.
func TestNeverRecoveredOwnSuccess(t *testing.T) {
	own := "probe system_logs journalctl -p warning\n" +
		"Nov 24 10:00:01 gw1 dhclient[640]: eth0: lease renewed, but the DNS update failed\n" +
		"Nov 24 10:05:00 gw1 dhclient[640]: eth0: DHCPREQUEST failed\n" +
		"Nov 24 10:30:01 gw1 dhclient[640]: eth0: lease renewed\n"
	checkPairs(t, []pair{
		{"a failure line with its own success", own, "At 10:00:01 dhclient (PID 640) failed to update DNS for eth0 and never recovered.",
			"At 10:05:00 dhclient (PID 640) failed its DHCP request for eth0 and never recovered."},
	})
}

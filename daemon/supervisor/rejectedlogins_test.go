package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// rejectedInput is a hand-written journal: FreeRADIUS's three "Login
// incorrect" lines (two for alice), a VPN daemon's line that says
// "rejected", and Grafana's failed logins for admin from two addresses.
func rejectedInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				`Nov 24 10:00:01 gw1 charon[500]: 13[IKE] establishing IKE_SA failed, peer 198.51.100.40 rejected our authentication (AUTH_FAILED)` + "\n" +
				`Nov 24 10:01:02 gw1 freeradius[600]: (3) Login incorrect (pap: Cleartext password does not match "known good" password): [alice/<via Auth-Type = PAP>] (from client ap-1 port 0)` + "\n" +
				`Nov 24 10:01:09 gw1 freeradius[600]: (4) Login incorrect (pap: Cleartext password does not match "known good" password): [alice/<via Auth-Type = PAP>] (from client ap-1 port 0)` + "\n" +
				`Nov 24 10:02:30 gw1 freeradius[600]: (7) Login incorrect (mschap: MS-CHAP2-Response is incorrect): [bob/<via Auth-Type = mschap>] (from client vpn-gw port 7 cli 203.0.113.150)` + "\n" +
				`Nov 24 10:03:00 gw1 grafana[700]: logger=authn.service level=warn msg="Failed to authenticate request" error="invalid password" username=admin remote_addr=203.0.113.58` + "\n" +
				`Nov 24 10:03:05 gw1 grafana[700]: logger=authn.service level=warn msg="Failed to authenticate request" error="invalid password" username=admin remote_addr=203.0.113.58` + "\n" +
				`Nov 24 10:03:40 gw1 grafana[700]: logger=authn.service level=warn msg="Failed to authenticate request" error="invalid password" username=admin remote_addr=198.51.100.9` + "\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestRejectedLogins: "X rejected N logins" is a count of X's failed
// logins (FreeRADIUS's "Login incorrect" among them), of the user and
// address its item names. As an event count of "rejected" and "logins"
// it took charon's line too, and it judged nothing where the lines say
// neither word.
func TestRejectedLogins(t *testing.T) {
	judgeQuoted(t, rejectedInput(), []quotedCase{
		{"FreeRADIUS rejected 3 logins [2-4].", ""},
		{"FreeRADIUS rejected 4 logins [1-4].", "4 failed logins"},
		{"FreeRADIUS rejected 2 logins for alice [2, 3].", ""},
		{"FreeRADIUS rejected 3 logins for alice [2-4].", "3 failed logins"},
		{"Grafana rejected 2 logins for user admin from 203.0.113.58 [5, 6].", ""},
		{"Grafana rejected 3 logins for user admin from 203.0.113.58 [5-7].", "3 failed logins"},
	})
	// host57's three "Login incorrect" lines (heldout66.txt:16 is true).
	judgeQuoted(t, scenario(t, "host57"), []quotedCase{
		{"FreeRADIUS rejected 3 logins [218, 222, 233].", ""},
		{"FreeRADIUS rejected 2 logins [218, 222, 233].", "2 failed logins"},
	})
}

package supervisor

import "testing"

// TestRejecters: the side of a rejection an address is on is the side
// its line puts it.
func TestRejecters(t *testing.T) {
	pbx := EvidenceText(scenario(t, "host57"))
	own := "probe system_logs journalctl -p warning\n" +
		"Nov 24 10:00:01 gw1 charon[812]: 09[IKE] <paris|1> establishing IKE_SA failed, peer 192.0.2.33 rejected our authentication (AUTH_FAILED)\n" +
		"Nov 24 10:04:12 gw1 charon[812]: 11[IKE] <rome|2> authentication of 192.0.2.90 with pre-shared key failed, we rejected it\n"
	checkPairs(t, []pair{
		{"the peer that rejected", own, "The paris tunnel failed at 10:00:01: peer 192.0.2.33 rejected our authentication.",
			"The paris tunnel failed at 10:00:01: peer 192.0.2.90 rejected our authentication."},
		{"the rejecter made the rejected", own, "At 10:00:01 the paris tunnel failed because peer 192.0.2.33 rejected our authentication.",
			"At 10:00:01 the paris tunnel failed because we rejected the authentication of peer 192.0.2.33."},
		{"the direction of a rejection", pbx, "The branch-lyon tunnel failed at 04:48:18 because peer 198.51.100.40 rejected our authentication.",
			"The branch-lyon tunnel failed at 04:48:18 because we rejected the authentication of peer 198.51.100.40."},
		{"another address as the rejecter", pbx, "charon PID 10748 failed IKE authentication for branch-lyon. The peer that rejected the authentication was 198.51.100.40.",
			"charon PID 10748 failed IKE authentication for branch-lyon. The peer that rejected the authentication was 203.0.113.150."},
	})
}

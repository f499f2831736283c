package supervisor

import (
	"strings"
	"testing"
)

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

// TestRejectersIPv6: an IPv6 peer is on a side of a rejection as an IPv4
// one is; the address pattern read IPv4 only, so any side was taken for
// one. Spellings of one address are one peer, and a clock or the tail of
// a longer word is none.
func TestRejectersIPv6(t *testing.T) {
	own := "probe system_logs journalctl -p warning\n" +
		"Nov 24 10:00:01 gw1 charon[812]: 09[IKE] <paris|1> establishing IKE_SA failed, peer 2001:db8::33 rejected our authentication (AUTH_FAILED)\n" +
		"Nov 24 10:04:12 gw1 charon[812]: 11[IKE] <rome|2> authentication of 2001:db8::90 with pre-shared key failed, we rejected it\n"
	checkPairs(t, []pair{
		{"the IPv6 peer that rejected", own, "The paris tunnel failed at 10:00:01: peer 2001:db8::33 rejected our authentication.",
			"The paris tunnel failed at 10:00:01: peer 2001:db8::90 rejected our authentication."},
		{"an IPv6 rejecter made the rejected", own, "At 10:00:01 the paris tunnel failed because peer [2001:db8::33] rejected our authentication.",
			"At 10:00:01 the paris tunnel failed because we rejected the authentication of peer 2001:db8::33."},
	})
	for in, want := range map[string]string{
		"peer 2001:db8:0:0::33 rejected us":  "2001:db8::33",
		"rejected by [2001:db8::5]":          "2001:db8::5",
		"at 10:00:01 rejected":               "",
		"peer deadbeef::1 rejected":          "",
		"rejected by ::ffff:192.0.2.1 today": "",
		"rejected by 192.0.2.7":              "192.0.2.7",
	} {
		by, of := rejectRoles(in)
		got := strings.Join(append(by, of...), ",")
		if got != want {
			t.Errorf("rejectRoles(%q) = %q, want %q", in, got, want)
		}
	}
}

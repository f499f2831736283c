package supervisor

import "testing"

// TestOnlyAddresses checks an interface's addresses said to be all it
// has against every address ip addr gives it.
func TestOnlyAddresses(t *testing.T) {
	host24 := EvidenceText(scenario(t, "host24"))
	host10 := EvidenceText(scenario(t, "host10"))
	tests := []pair{
		{"only, nothing else", host10,
			"The loopback interface lo only has 127.0.0.1 and ::1, nothing else.",
			"eth0 only has 192.0.2.2, nothing else."},
		{"the only addresses", host24,
			"eth0 has only 192.0.2.2 and fd00::2.",
			"ifb1 has only 10.77.0.1."},
		{"no other IPv4 address", host24,
			"ifb1 has 10.77.0.1 and 10.77.0.9 and no other IPv4 address.",
			"lo has 127.0.0.1 and no other IPv4 address."},
		{"the only address", host24,
			"The only IPv4 address on eth0 is 192.0.2.2.",
			"The only IPv4 address on ifb1 is 10.77.0.1."},
		{"only before the interface is said of interfaces", host10,
			"Only eth0 has a global IPv4 address: 192.0.2.2.", ""},
		{"a listener's address is no such claim", host24,
			"Only socat listens on ::1 on lo.", ""},
	}
	checkPairs(t, tests)
}

// TestOnlyAddressesAfterLongQuote checks that a quoted journal line
// holding ". " before the claim does not shift the sentences the rule
// reads away from the ones its claims are numbered by.
func TestOnlyAddressesAfterLongQuote(t *testing.T) {
	line := "Nov 24 08:00:01 host10 diskcheck[812]: Disk check done. Nothing to report on any volume today."
	host10 := EvidenceText(scenario(t, "host10")) + "\nprobe system_logs journalctl -p warning -b\n" + line + "\n"
	quote := `The journal says "` + line + `". `
	checkPairs(t, []pair{
		{"alone", host10,
			"The loopback interface lo only has 127.0.0.1 and ::1, nothing else.",
			"eth0 only has 192.0.2.2, nothing else."},
		{"after a quoted journal line", host10,
			quote + "The loopback interface lo only has 127.0.0.1 and ::1, nothing else.",
			quote + "eth0 only has 192.0.2.2, nothing else."},
	})
}

package supervisor

import "testing"

// TestAbsentPorts: "port 22 does not appear in the socket list" denies
// the port as "nothing listens on port 22" does.
func TestAbsentPorts(t *testing.T) {
	ev, pbx := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt", "lscpu.txt"), EvidenceText(scenario(t, "host57"))
	checkPairs(t, []pair{
		{"a port that does not appear", ev, "Port 3306 does not appear in the socket list.", "Port 22 does not appear in the socket list."},
		{"a port that is absent", ev, "Port 3306 is absent from the listening ports.", "Port 631 is absent from the listening ports."},
		{"a port that doesn't show", pbx, "sshd listens on port 22; port 2222 doesn't show up in ss.",
			"No SSH server is listening on this machine; port 22 does not appear in the socket list."},
	})
}

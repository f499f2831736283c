package supervisor

import "testing"

// TestUnitsAndStateLists checks that a unit named with its type matches
// only that unit where the evidence lists one of its name ("certbot.service"
// is not the failed certbot.timer), and that a state before a colon is
// said of each entity of the list after it.
func TestUnitsAndStateLists(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	host17 := EvidenceText(scenario(t, "host17"))
	tests := []pair{
		{"unit of another type", server,
			"Two units are in a failed state: `backup.service` and `certbot.timer`.",
			"Two units are in a failed state: `backup.service` and `certbot.service`."},
		{"unit of another type said to fail", server, "certbot.timer has failed.", "certbot.service has failed."},
		{"unit's program in the journal", server, "certbot logged a renewal failure at 09:12:55.", ""},
		{"state before a list of units", server,
			"These units are in a failed state: backup.service and certbot.timer.",
			"These units are in a failed state: backup.service and sshd.service."},
		{"state before a list of interfaces", host17,
			"Two interfaces are down: ifb0 and ifb1.", "Two interfaces are down: eth0 and ifb1."},
		{"state of a subject, then an explanation", server,
			"backup.service failed: rsync ran out of space on /srv/data.", ""},
	}
	checkPairs(t, tests)
}

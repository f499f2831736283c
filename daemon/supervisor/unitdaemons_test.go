package supervisor

import "testing"

// A unit named for a service (ssh.service, cups.service) is run by its
// daemon (sshd, cupsd): the figures its daemon logged are the unit's, and
// "failed SSH passwords" are refused logins, not a failed unit. A figure
// another program logged is still not the unit's.
func TestUnitDaemons(t *testing.T) {
	mon := EvidenceText(scenario(t, "host55"))
	cups := "probe running_services systemctl list-units --type=service --state=running\n" +
		"cups.service loaded active running CUPS Scheduler\n" +
		"nginx.service loaded active running A high performance web server\n" +
		"probe system_logs journalctl\n" +
		"Nov 25 10:00:01 box cupsd[812]: Unauthorized request from 192.0.2.40 for /admin\n" +
		"Nov 25 10:00:05 box nginx[900]: upstream timed out, client: 192.0.2.41\n"
	checkPairs(t, []pair{
		{"SSH names sshd's journal lines", mon,
			"The journal shows failed SSH passwords from 203.0.113.150 for the invalid user oracle.",
			"The journal shows failed SSH passwords from 203.0.113.41 for the invalid user oracle."},
		{"the unit's daemon logged the time", mon,
			"SSH logged a failed password for root at 02:15:03.",
			"SSH logged a failed password for root at 04:29:31."},
		{"ssh.service names them too", mon,
			"ssh.service logged failed passwords from 203.0.113.150.",
			"ssh.service logged failed passwords from 198.51.100.72."},
		{"CUPS names cupsd's lines", cups,
			"CUPS refused an unauthorized request from 192.0.2.40.",
			"CUPS refused an unauthorized request from 192.0.2.41."},
	})
}

package supervisor

import "testing"

// A count of failed logins "in total" is of every failed login the
// journal shows, whatever "all from …" says of them after it.
func TestLoginTotals(t *testing.T) {
	ssh := "probe system_logs journalctl\n" +
		"Nov 23 07:45:10 srv1 sshd[4410]: Failed password for invalid user admin from 203.0.113.9 port 51122 ssh2\n" +
		"Nov 23 07:45:14 srv1 sshd[4410]: Failed password for invalid user admin from 203.0.113.9 port 51122 ssh2\n" +
		"Nov 23 08:02:31 srv1 sshd[4502]: Failed password for root from 198.51.100.7 port 40010 ssh2\n"
	checkPairs(t, []pair{
		{"a total and where they came from", ssh,
			"There were three failed SSH logins in total, two of them from 203.0.113.9.",
			"There were two failed SSH logins in total, all from 203.0.113.9."},
		{"a total counted alone", ssh, "sshd logged 3 failed logins altogether.", "sshd logged 2 failed logins altogether."},
		{"an address's own count", ssh,
			"There were two failed SSH logins, all from 203.0.113.9.",
			"There were three failed SSH logins, all from 203.0.113.9."},
	})
}

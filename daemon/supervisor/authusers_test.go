package supervisor

import "testing"

// TestAuthUsers: the user of a paraphrased sshd event ("failed password
// for root from …") is the one its journal line names.
func TestAuthUsers(t *testing.T) {
	sshd := "probe system_logs journalctl -p warning..alert -n 200 --no-pager\n" +
		"Nov 22 06:10:02 web1 sshd[2210]: Failed password for root from 198.51.100.7 port 40112 ssh2\n" +
		"Nov 22 06:12:40 web1 sshd[2214]: Accepted publickey for alice from 192.0.2.10 port 50522 ssh2\n"
	checkPairs(t, []pair{
		{"user of a failed password", sshd, "Someone tried a failed password for root from 198.51.100.7.", "Someone tried a failed password for alice from 198.51.100.7."},
		{"user of an accepted key", sshd, "sshd logged an accepted publickey for alice from 192.0.2.10.", "sshd logged an accepted publickey for root from 192.0.2.10."},
		{"user of a login beside its process", sshd, "sshd logged a failed login as root from 198.51.100.7.", "sshd logged a failed login as alice from 198.51.100.7."},
		{"invalid user is no name", sshd, "", "There was a failed password for invalid user bob from 198.51.100.7."},
	})
}

package supervisor

import "testing"

// A count of times after "user" ("the root user once") says how often the
// user named before it did something; it is no user name to find in the
// evidence, and the count is still checked (journaltimes.go).
func TestUserTimesWord(t *testing.T) {
	logins := withJournal(t, "server",
		"Nov 23 07:45:10 srv1 sshd[4410]: Failed password for invalid user admin from 198.51.100.7 port 51122 ssh2",
		"Nov 23 07:45:14 srv1 sshd[4411]: Failed password for invalid user admin from 198.51.100.7 port 51124 ssh2",
		"Nov 23 08:02:01 srv1 sshd[4420]: Failed password for root from 192.0.2.44 port 40022 ssh2")
	// The pair fails without the rule: "twice" was a user the evidence
	// does not have.
	checkPairs(t, []pair{
		{"twice after user", logins, "sshd logged the admin user twice from 198.51.100.7.",
			"sshd logged the admin user three times from 198.51.100.7."},
	})
}

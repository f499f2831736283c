package supervisor

import "testing"

// TestLoginFailureLines checks failed-login counts against the journal's
// failed logins of other daemons than sshd (dovecot's "auth failed, 3
// attempts", PostgreSQL's "password authentication failed for user"),
// each line standing for the attempts it counts, and a count of one
// daemon's attempts selected by its identifier ("sudo").
func TestLoginFailureLines(t *testing.T) {
	db1 := EvidenceText(scenario(t, "host33"))
	mail := EvidenceText(scenario(t, "host38"))
	checkPairs(t, []pair{
		{"PostgreSQL's failed logins of a quoted user", db1, "There were 2 failed login attempts for user reporting.",
			"There were 3 failed login attempts for user reporting."},
		{"a line's own attempts", mail, "bob had 3 failed login attempts from 203.0.113.80 at 20:41:40.",
			"alice had 3 failed login attempts from 10.20.0.44 at 20:43:20."},
		{"failed logins as lines or as attempts", mail, "Dovecot logged 2 failed logins: bob (3 attempts) and alice (1 attempt).",
			"Dovecot logged 3 failed logins: bob (3 attempts) and alice (1 attempt)."},
		{"a protocol's failed auth", mail, "bob (203.0.113.80) failed IMAP auth 3 times at 20:41:40.",
			"alice (10.20.0.44) failed IMAP auth 3 times at 20:43:20."},
		{"a daemon's attempts by its identifier", db1, "alice made 3 failed sudo password attempts at 20:11:59.",
			"alice made 2 failed sudo password attempts at 20:11:59."},
	})
}

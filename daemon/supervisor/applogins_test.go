package supervisor

import "testing"

// Grafana's failed logins ("msg=\"Failed to authenticate request\" …
// username=admin remote_addr=…") are counted like sshd's; a count said
// of the program that logged them ("Grafana logged …", "failed SSH
// logins") is of that program's lines; a listed item saying how often
// ("admin twice from …") is a count of that user's failed logins.
func TestAppLogins(t *testing.T) {
	const grafana = `grafana[900]: logger=authn.service level=warn msg="Failed to authenticate request" client=auth.client.form ` +
		`error="[password-auth.failed] failed to authenticate identity: [password-auth.invalid] invalid password" `
	mixed := withJournal(t, "server",
		"Nov 23 07:45:10 srv1 sshd[4410]: Failed password for invalid user admin from 198.51.100.7 port 51122 ssh2",
		"Nov 23 07:45:14 srv1 sshd[4411]: Failed password for root from 198.51.100.7 port 51124 ssh2",
		"Nov 23 09:10:01 srv1 "+grafana+"username=admin remote_addr=198.51.100.20",
		"Nov 23 09:10:05 srv1 "+grafana+"username=admin remote_addr=198.51.100.20",
		"Nov 23 09:12:40 srv1 "+grafana+"username=jsmith remote_addr=192.0.2.9")
	mon := EvidenceText(scenario(t, "host56"))
	checkPairs(t, []pair{
		// The program's own lines, not the journal's total.
		{"a program's failed logins", mixed, "Grafana logged three failed logins.", "Grafana logged five failed logins."},
		{"sshd's beside another program's", mixed, "sshd logged 2 failed passwords.", "sshd logged 5 failed passwords."},
		{"a protocol's daemon", mixed, "The journal shows 2 failed SSH login attempts.", "The journal shows 5 failed SSH login attempts."},
		{"all programs", mixed, "The journal shows 5 failed logins.", "The journal shows 3 failed logins."},
		{"a logfmt username", mixed, "Grafana logged two failed logins for admin from 198.51.100.20.",
			"Grafana logged three failed logins for admin from 198.51.100.20."},
		// Listed items saying how often.
		{"listed users' times", mixed, "Grafana logged three failed logins: admin twice from 198.51.100.20 and jsmith once from 192.0.2.9.",
			"Grafana logged three failed logins: admin once from 198.51.100.20 and jsmith twice from 192.0.2.9."},
		{"an item of a user said with its address", mon,
			"Grafana logged four failed logins: the admin user twice from 203.0.113.58 with an invalid password, " +
				"jsmith from 198.51.100.9, which does not exist, and viewer from 192.0.2.77 at 04:32:22.",
			"Grafana logged four failed logins: the admin user twice from 203.0.113.58 with an invalid password, " +
				"jsmith from 198.51.100.9, which does not exist, and viewer twice from 192.0.2.77."},
		{"a wrong total beside right items", mon, "",
			"Grafana logged three failed logins: the admin user twice from 203.0.113.58, jsmith from 198.51.100.9, and viewer from 192.0.2.77."},
		{"times after the address", mon, "Grafana failed logins: admin from 203.0.113.58 twice.",
			"Grafana failed logins: admin from 203.0.113.58 three times."},
	})
}

package supervisor

import "testing"

// Samba's failed logins ("Authentication for user [carol] -> [carol]
// FAILED with error NT_STATUS_…, remote host [ipv4:ADDR:PORT]") are
// counted like sshd's; "all for user X from ADDR" after a count holds for
// each line counted.
func TestSambaLogins(t *testing.T) {
	nas := EvidenceText(scenario(t, "host47"))
	nas48 := EvidenceText(scenario(t, "host48"))
	web := EvidenceText(scenario(t, "host31"))
	checkPairs(t, []pair{
		{"a user's Samba failures", nas,
			"carol failed twice with NT_STATUS_WRONG_PASSWORD from 192.168.1.50.",
			"carol failed 3 times with NT_STATUS_WRONG_PASSWORD from 192.168.1.50."},
		{"a counted Samba failure set", nas,
			"The journal shows 2 failed SMB login attempts for carol from 192.168.1.50.",
			"The journal shows 3 failed SMB login attempts for carol from 192.168.1.50."},
		{"all of a Samba count for one user", nas48,
			"There were 3 failed SMB authentications in the log, all for user carol from 192.168.1.50.",
			"There were 4 failed SMB authentications in the log, all for user carol from 192.168.1.50."},
		{"all of an SSH count for one user", web,
			"The journal shows 2 failed SSH login attempts, all for root from 203.0.113.45.",
			"The journal shows 4 failed SSH login attempts, all for root from 203.0.113.45."},
	})
}

package supervisor

import "testing"

// "failed" before what failed ("failed passwords", "failed SSH logins")
// states nothing of the name beside it; "ssh.service has failed" still
// states the unit failed, and it has not.
func TestFailedEventNotState(t *testing.T) {
	mon := EvidenceText(scenario(t, "host55"))
	checkPairs(t, []pair{
		{"failed sshd passwords", mon,
			"The journal shows failed sshd passwords from 203.0.113.150.",
			"The journal shows failed sshd passwords from 203.0.113.58."},
		{"a failed unit is still a state", mon, "logrotate.service has failed.", "ssh.service has failed."},
	})
}

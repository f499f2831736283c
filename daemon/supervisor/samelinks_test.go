package supervisor

import "testing"

// TestSameLinks checks "the same address (user, PID) as …" between two
// log lines: it holds when one line of the other event has the value, and
// the time and user the clause gives belong to that line, not to the
// entity before the phrase.
func TestSameLinks(t *testing.T) {
	web := EvidenceText(scenario(t, "host31"))
	db1 := EvidenceText(scenario(t, "host33"))
	checkPairs(t, []pair{
		{"the same address, by its time", web, "root's last failed password at 18:44:39 came from 203.0.113.45 — the same address that tried user oracle at 18:44:29.",
			"root's last failed password at 18:44:39 came from 203.0.113.45 — the same address that tried user deploy at 18:49:19."},
		{"the same address, a sentence before", web, "sshd logged a failed password for deploy from 198.51.100.23 at 18:49:19. That's not the same address the admin attempt came from at 18:44:21.",
			""},
		{"the same address another login came from", web, "At 18:44:34 sshd logged a failed password for root from 203.0.113.45. That's the same address admin's failed login came from at 18:44:21.",
			"At 18:44:34 sshd logged a failed password for root from 203.0.113.45. That's the same address deploy's failed login came from at 18:49:19."},
		{"the value the phrase names, not the sentence before's", web,
			"sshd logged a failure from 192.0.2.77 at 20:09:19. Four others came from the same address (203.0.113.45) at 18:44:21, 18:44:29, 18:44:34 and 18:44:39.",
			"sshd logged a failure from 192.0.2.77 at 20:09:19. Four others came from the same address (203.0.113.45) at 18:44:21, 18:44:29, 18:44:34 and 18:49:19."},
		{"the same IP as another attempt", web, "203.0.113.45 failed as root at 18:44:34, the same IP as the admin attempt at 18:44:21.",
			"203.0.113.45 failed as root at 18:44:34, the same IP as the deploy attempt at 18:49:19."},
		{"the same PID", db1, "postgres [2211] warned at 17:59:19 that checkpoints were too frequent; the same PID logged it again at 20:14:59.",
			"postgres [2211] warned at 17:59:19 that checkpoints were too frequent; the same PID logged a failed password for reporting at 18:09:19."},
	})
}

package supervisor

import "testing"

// TestJournalFailed: a count of failing units said of the journal is the
// journal's count of units with failure lines; said of nothing, it needs
// systemctl --failed's list.
func TestJournalFailed(t *testing.T) {
	host31 := EvidenceText(scenario(t, "host31")) // billing.service, certbot.service failed; no systemctl list
	host33 := EvidenceText(scenario(t, "host33")) // backup.service failed; no systemctl list
	checkPairs(t, []pair{
		{"two units failing in the journal", host31,
			"systemctl --failed could not list units, but the journal shows two services failing: billing.service and certbot.service.",
			"systemctl --failed could not list units, but the journal shows three services failing, among them billing.service."},
		{"one unit failing in the logs", host33,
			"The logs show one failed unit, backup.service, at 19:16:00.",
			"The logs show 2 failed units, backup.service among them."},
		{"a count said of nothing", host33,
			"", "There is one failed unit: backup.service."},
	})
}

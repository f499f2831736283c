package supervisor

import "testing"

// TestExceptWords checks that every rule reading exceptions knows the
// same words: "aside from" before a state said of every interface and
// "excluding" after a verdict set their entities apart.
func TestExceptWords(t *testing.T) {
	host17 := EvidenceText(scenario(t, "host17"))
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"state of every interface aside from some", host17,
			"All interfaces aside from eth0 and lo are down.",
			"All interfaces, including eth0 and lo, are down."},
		{"verdict excluding the failed units", server,
			"Everything looks fine, excluding the failed backup.service and certbot.timer.",
			"Everything looks fine."},
	})
}

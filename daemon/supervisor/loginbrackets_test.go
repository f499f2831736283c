package supervisor

import "testing"

// TestBracketLogins checks a user counted inside the bracket of a failed
// login item ("(admin, oracle, and root twice)"): that user's failed logins
// from the item's address, on host31's and host32's journals.
func TestBracketLogins(t *testing.T) {
	host31 := EvidenceText(scenario(t, "host31"))
	host32 := EvidenceText(scenario(t, "host32"))
	checkPairs(t, []pair{
		{"user counted after the item's own count", host32,
			"203.0.113.45 failed 4 times around 18:45 (admin, oracle, and root twice).",
			"203.0.113.45 failed 4 times around 18:45 (admin, oracle, and root three times)."},
		{"user counted alone in a bracket", host31,
			"There were failed SSH logins from 203.0.113.45 (root twice).",
			"There were failed SSH logins from 203.0.113.45 (root 3 times)."},
		{"a denied count in a bracket", host31,
			"There were failed SSH logins from 203.0.113.45 (root twice, not root 3 times).", ""},
		{"each item's own address", host32,
			"Failed logins: 203.0.113.45 (root twice), 198.51.100.23 (deploy once).",
			"Failed logins: 203.0.113.45 (root twice), 198.51.100.23 (deploy twice)."},
	})
}

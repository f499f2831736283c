package supervisor

import "testing"

// TestExceptWords checks that every word of exceptWords sets a listener
// aside from a reach said of all: "aside from" as "except" does.
func TestExceptWords(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		{"aside from", laptop,
			"Nothing aside from port 631 is bound to localhost.",
			"Nothing aside from port 22 is bound to localhost."},
	})
}

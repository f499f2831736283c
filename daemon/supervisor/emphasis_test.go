package supervisor

import "testing"

// TestEmphasisInQuotation checks a quoted evidence line with Markdown
// bold inside it, which is the answer's formatting, not the line's text.
func TestEmphasisInQuotation(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	tests := []pair{
		{"bold inside a quoted journal line", laptop,
			`The kernel logged "Out of memory: Killed process **6650** (java)" at 09:41:07.`,
			`The kernel logged "Out of memory: Killed process **6651** (java)" at 09:41:07.`},
		{"bold word inside a quoted line", laptop,
			`systemd logged "postgresql.service: **Failed** with result 'exit-code'".`,
			`systemd logged "postgresql.service: **Stopped** with result 'exit-code'".`},
	}
	checkPairs(t, tests)
}

package supervisor

import "testing"

// TestEmphasisInQuotation checks a quoted evidence line with Markdown
// bold inside it, which is the answer's formatting, not the line's text.
func TestEmphasisInQuotation(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		// Longer than one claim's quote: only as evidence text (verbatim)
		// are its words none of its own, or its date would be PID 977's.
		{"bold inside a long quoted journal line", server,
			"sshd (PID 977) logged `Nov 23 07:45:10 srv1 sshd[4410]: Failed password for invalid user **admin** from 203.0.113.9 port 51122 ssh2`.",
			"sshd (PID 977) logged `Nov 23 07:45:10 srv1 sshd[4410]: Failed password for invalid user **root** from 203.0.113.9 port 51122 ssh2`."},
		{"bold inside a quoted journal line", laptop,
			`The kernel logged "Out of memory: Killed process **6650** (java)" at 09:41:07.`,
			`The kernel logged "Out of memory: Killed process **6651** (java)" at 09:41:07.`},
		{"bold word inside a quoted line", laptop,
			`systemd logged "postgresql.service: **Failed** with result 'exit-code'".`,
			`systemd logged "postgresql.service: **Stopped** with result 'exit-code'".`},
	}
	checkPairs(t, tests)
}

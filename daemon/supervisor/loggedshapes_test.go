package supervisor

import "testing"

// TestLoggedShapes checks what an answer may say a journal line shows:
// a count of a logged message is the number of its lines.
func TestLoggedShapes(t *testing.T) {
	web, web2 := EvidenceText(scenario(t, "host31")), EvidenceText(scenario(t, "host32"))
	db1, db2 := EvidenceText(scenario(t, "host33")), EvidenceText(scenario(t, "host34"))
	checkPairs(t, []pair{
		// A count of a logged message.
		{"a count of a warning", db1, "postgres warned twice that checkpoints were occurring too frequently.",
			"postgres warned three times that checkpoints were occurring too frequently."},
		{"a count of a unit's exits", db2, "systemd reported app.service exiting with status=11/SEGV twice, at 19:31:42 and 20:16:08.",
			"systemd reported app.service exiting with status=11/SEGV three times."},
		{"a count within a range", web2, "sshd logged failed passwords **four times** between 18:45:02 and 18:45:20.",
			"sshd logged failed passwords **five times** between 18:45:02 and 18:45:20."},
		{"a count of one", web, "The kernel reported SYN flooding on port 443 once, at 19:44:19.", "The kernel reported SYN flooding on port 443 twice."},
		{"a factor is no count", web, "sshd logged failed passwords from 203.0.113.45 four times as often as from any other address.", ""},
	})
}

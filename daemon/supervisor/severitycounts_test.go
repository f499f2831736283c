package supervisor

import "testing"

// TestSeverityEntryCounts checks entry counts naming warnings and worse:
// the journal probe shows entries at warning level or worse, so such a
// count is of all its lines (host33's and host35's journals).
func TestSeverityEntryCounts(t *testing.T) {
	db := EvidenceText(scenario(t, "host33"))
	ws := EvidenceText(scenario(t, "host35"))
	checkPairs(t, []pair{
		{"warning or error entries", db, "The journal has 20 warning or error entries.", "The journal has 16 warning or error entries."},
		{"warnings and errors", ws, "I count 18 log entries (warnings and errors) in the journal.", "I count 12 log entries (warnings and errors) in the journal."},
		{"warning-level or worse", ws, "The journal shows 18 warning-level or worse entries.", "The journal shows 21 warning-level or worse entries."},
	})
}

package supervisor

import "testing"

// TestParticipleSubjects checks that a name before a participle and its
// figure ("consuming 12.3% CPU") is claimed: an invented one is missing
// whether "process" stands before it or not.
func TestParticipleSubjects(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		{"a participle after a comma", laptop,
			"firefox, consuming 12.3% CPU, is the busiest process.",
			"frobd, consuming 12.3% CPU, is the busiest process."},
		{"a participle after process and a name", laptop,
			"The process firefox consuming 12.3% CPU is the busiest.",
			"The process frobd consuming 12.3% CPU is the busiest."},
	})
}

package supervisor

import "testing"

// TestEachOfGroup checks that a figure said of "each" of several PIDs, or
// of them "apiece", holds for every one of them, and that a range
// written "between A and B <unit>" is one claim spanning both ends.
func TestEachOfGroup(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"each, a between range", server,
			"PIDs 1790 and 1544 each use between 300 and 510 MiB of RSS.",
			"PIDs 1790 and 1544 each use between 480 and 520 MiB of RSS."},
		{"apiece", server,
			"PIDs 6666 and 977 use 0.1% of memory apiece.",
			"PIDs 1011 and 977 use 0.1% of memory apiece."},
	}
	checkPairs(t, tests)
}

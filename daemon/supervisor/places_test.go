package supervisor

import "testing"

// TestRankPlaces checks a place in a ranking ("in second place") against
// the ps row of that rank, by the sentence's measure or the previous
// sentence's.
func TestRankPlaces(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"second place after a superlative", laptop,
			"The biggest memory user is firefox (PID 4242) at 7.4%. In second place is PID 4391 at 4.2%.",
			"The biggest memory user is firefox (PID 4242) at 7.4%. In second place is gnome-shell (PID 2210) at 2.9%."},
		{"place with its own measure", laptop,
			"gnome-shell comes in third place for memory.",
			"dockerd comes in third place for memory."},
		{"followed by the next row", laptop,
			"The biggest memory user is firefox (PID 4242), followed by PID 4391 at 4.2%.",
			"The biggest memory user is firefox (PID 4242), followed by gnome-shell (PID 2210)."},
		{"followed by, by CPU", server,
			"The busiest process is the postgres checkpointer (PID 2231), followed by the nginx worker (PID 1544).",
			"The busiest process is the postgres checkpointer (PID 2231), followed by annad (PID 8943)."},
		{"second place by CPU", server,
			"The nginx worker (PID 1544) is in second place for CPU.",
			"annad (PID 8943) is in second place for CPU."},
	}
	checkPairs(t, tests)
}

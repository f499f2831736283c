package supervisor

import "testing"

// TestRanksByColumn checks superlatives where no table sorted by their
// measure ran: the rank-th largest value of that ps column decides.
func TestRanksByColumn(t *testing.T) {
	server := EvidenceText(scenario(t, "server")) // ps sorted by CPU
	laptop := EvidenceText(scenario(t, "laptop")) // ps sorted by memory
	tests := []pair{
		{"second-largest memory user from a CPU-sorted table", server,
			"`dockerd` (PID 3120) is the second-largest memory user at 6.6%.",
			"`nginx` (PID 1544) is the second-largest memory user at 3.1%."},
		{"largest memory user from a CPU-sorted table", server,
			"The biggest memory user is postgres (12.4%).", "The biggest memory user is dockerd (6.6%)."},
		{"third by memory", server, "nginx is the third-biggest memory consumer.", "annad is the third-biggest memory consumer."},
		{"busiest from a memory-sorted table", laptop,
			"The busiest process is firefox (PID 4242) at 12.3% CPU.", "The busiest process is gnome-shell (PID 2210) at 1.0% CPU."},
		{"second busiest from a memory-sorted table", laptop,
			"The second busiest process is PID 4391 at 3.1% CPU.", "The second busiest process is PID 2210 at 1.0% CPU."},
	}
	checkPairs(t, tests)
}

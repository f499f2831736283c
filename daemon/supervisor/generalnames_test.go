package supervisor

import "testing"

// TestGeneralProductNames checks that a well-known product a general
// statement calls the user's must be in the evidence (generalnames.go),
// while general knowledge about a product costs nothing.
func TestGeneralProductNames(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		// generalnames.go: a product said to be the user's in a general
		// statement is a claim.
		{"product said to be yours in a general statement", server,
			"The postgres checkpointer is at 38.6% CPU; that's your PostgreSQL database at work, so it's normal.",
			"The nginx worker (PID 1544) is at 21.7% CPU; that's your nightly MySQL backup, so it's normal."},
		{"product named in general", laptop,
			"firefox (PID 4242) uses 7.4% of memory. Docker images can usually be pruned when space runs low.",
			"firefox (PID 4242) uses 7.4% of memory; that's your MySQL server warming its cache, so it's normal."},
	})
}

// TestUnprobedAbsence checks that "no X could be checked" reports a failed
// probe, while "no X could be found" still claims X's absence.
func TestUnprobedAbsence(t *testing.T) {
	host21 := EvidenceText(scenario(t, "host21"))
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"probe failed", host21,
			"No failed units could be checked (no connection to the systemd system bus).",
			"There are no failed units."},
		{"absence found", server,
			"",
			"No failed units could be found, and / is 90% full."},
	})
}

// TestNotByDenial checks that "not by a X process" sets X against the
// finding, while a name in the finding itself is still checked.
func TestNotByDenial(t *testing.T) {
	host12 := EvidenceText(scenario(t, "host12"))
	checkPairs(t, []pair{
		{"denied owner", host12,
			"Port 6000 is bound by python3 (PID 8082) on 127.0.0.1, not by a redis process.",
			"Port 6000 is bound by redis (PID 8082) on 127.0.0.1, not by a python3 process."},
	})
}

// TestAfterOrder checks that "After X, the second busiest is Y" ranks Y
// second and names X as no cause.
func TestAfterOrder(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"second after the first", server,
			"After the postgres checkpointer at 38.6%, the second busiest process is the nginx worker (PID 1544) at 21.7% CPU.",
			"After the nginx worker (PID 1544) at 21.7%, the second busiest process is the postgres checkpointer at 38.6% CPU."},
		{"second memory user after the first", laptop,
			"After firefox (PID 4242) at 7.4%, the second biggest memory user is PID 4391 at 4.2%.",
			"After PID 4391 at 4.2%, the second biggest memory user is gnome-shell at 2.9%."},
	})
}

package supervisor

import "testing"

// TestThenPlaces covers ", then" going on a ranking (thenplaces.go): after
// a "Top CPU:" or "Top memory:" label or a superlative, the entity right
// after "then" holds the next place; a step after "then" ranks nothing;
// a later clause's own place ("…, and the second busiest is B") holds.
func TestThenPlaces(t *testing.T) {
	host30 := EvidenceText(scenario(t, "host30")) // CPU: clamscan 22241, supervisor.test 22610, compile 22767
	server := EvidenceText(scenario(t, "server")) // CPU: postgres 2231, nginx 1544, annad 8943
	checkPairs(t, []pair{
		{"label, then the second row", host30,
			"Top CPU: **clamscan** (PID 22241) at 95.3%, then **supervisor.test** (PID 22610) at 92.0%.",
			"Top CPU: **clamscan** (PID 22241) at 95.3%, then **compile** (PID 22767) at 30.0%."},
		{"superlative, then the second row", server,
			"The top CPU user is postgres (PID 2231), then nginx (PID 1544).",
			"The top CPU user is postgres (PID 2231), then annad (PID 8943)."},
		{"a clause ranking again", server,
			"The busiest process is postgres (PID 2231), and the second busiest is nginx (PID 1544).",
			"The busiest process is postgres (PID 2231), and the second busiest is annad (PID 8943)."},
		{"a clause ranking again, name first", host30,
			"The busiest process is clamscan (PID 22241); supervisor.test is the second busiest.",
			"The busiest process is clamscan (PID 22241); compile is the second busiest."},
		{"a step after then ranks nothing", server,
			"Top CPU: postgres (PID 2231) at 38.6%; check it, then restart annad.", ""},
	})
}

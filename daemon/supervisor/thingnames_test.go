package supervisor

import "testing"

// TestThingNames: a product name in a noun phrase for a thing ("the Docker
// API") is no entity of its own: the figures after it are the subject's.
func TestThingNames(t *testing.T) {
	host47 := EvidenceText(scenario(t, "host47")) // rsync 30546 on 873, minidlnad 30846 on 8200
	host50 := EvidenceText(scenario(t, "host50")) // dockerd 1105 on 0.0.0.0:2375
	checkPairs(t, []pair{
		{"another program's name before a thing noun", host47,
			"rsync (PID 30546) exposes the minidlnad web UI on 0.0.0.0:873.",
			"rsync (PID 30546) exposes the minidlnad web UI on 0.0.0.0:8200."},
		{"the subject's own product name", host50,
			"dockerd (PID 1105) exposes the Docker API unauthenticated on 0.0.0.0:2375.",
			"java (PID 1121) exposes the Docker API unauthenticated on 0.0.0.0:2375."},
		{"a thing the subject reaches is the named program's", host47,
			"rsync (PID 30546) connects to the minidlnad web UI on 0.0.0.0:8200.",
			"rsync (PID 30546) connects to the minidlnad web UI on 0.0.0.0:873."},
		{"a process kind noun is the process", host47,
			"rsync is up, and the minidlnad daemon listens on 0.0.0.0:8200.",
			"rsync is up, and the minidlnad daemon listens on 0.0.0.0:873."},
	})
}

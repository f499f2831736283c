package supervisor

import "testing"

// TestStatusShapes checks the shapes of answers about processes, their
// owners, time and the machine's status: each a true answer that must
// stay grounded and the same shape with one fact wrong, on evidence of
// scenarios other than the ones that showed the shape.
func TestStatusShapes(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	host15 := EvidenceText(scenario(t, "host15"))
	host16 := EvidenceText(scenario(t, "host16"))
	checkPairs(t, []pair{
		// "user" is the label before the name, not a user.
		{"owned by user NAME", laptop, "firefox (PID 4242) is owned by user alice.", "firefox (PID 4242) is owned by user root."},
		// A negated auxiliary in a causal clause is grammar.
		{"cause with a contraction", laptop, "The kernel killed java (PID 6650) because the system didn't have enough memory.",
			"The kernel killed java (PID 6650) because the system didn't have enough disk space."},
		// A word after "a … process" describes it.
		{"process worth a look", host15, "PID 21563 is the top CPU user at 64.7%. That's a suspicious process worth looking into.",
			"PID 21563 is the top CPU user at 43.4%. That's a suspicious process worth looking into."},
		{"name after the process still a name", laptop, "The process firefox uses 12.3% CPU.", "The process frobnicator uses 12.3% CPU."},
		// A binary's path before a PID's bracket is that process.
		{"process path before a PID", host16, "/process_api (PID 1) is at 0.1% CPU.", "/process_api (PID 7736) is at 0.1% CPU."},
		{"path before a PID bracket", host15, "Top CPU is /tmp/speed-desk-base.test (PID 21563) at 64.7%, then supervisor.test (PID 21657) at 43.4%.",
			"Top CPU is /tmp/speed-desk-base.test (PID 21657) at 64.7%, then supervisor.test (PID 21563) at 43.4%."},
		// "It" looks past a sentence that names no entity.
		{"It after a sentence without an entity", laptop, "firefox (PID 4242) uses 12.3% CPU. With 16 CPUs, that is a small share. It has been running since 09:12.",
			"firefox (PID 4242) uses 12.3% CPU. With 16 CPUs, that is a small share. It has been running since 08:58."},
	})
}

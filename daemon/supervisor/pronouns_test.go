package supervisor

import "testing"

// TestPronounSubjects checks that a sentence opening with "It" or "Its"
// that names no entity is about the previous sentence's subject.
func TestPronounSubjects(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	host17 := EvidenceText(scenario(t, "host17"))
	tests := []pair{
		{"it after a process", laptop,
			"gnome-shell (PID 2210) is the third-largest memory user at 2.9%. It is also using 1.0% CPU.",
			"gnome-shell (PID 2210) is the third-largest memory user at 2.9%. It is also using 12.3% CPU."},
		{"its after a PID", host17,
			"PID 7740 is a python3 process at 5.8% memory. Its RSS is about 1.4 GiB.",
			"PID 7740 is a python3 process at 5.8% memory. Its RSS is about 713 MiB."},
		{"it as no pronoun of an entity", laptop, "It looks like firefox (PID 4242) uses 12.3% CPU.", ""},
	}
	checkPairs(t, tests)
}

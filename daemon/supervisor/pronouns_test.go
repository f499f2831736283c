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
		// free's used share (6.1 of 15 GiB, about 40%) is not firefox's.
		{"that after a process's size", laptop,
			"firefox (PID 4242) holds 1153024 KiB resident, about 1.1 GiB. That is 7.4% of the machine's RAM.",
			"firefox (PID 4242) holds 1153024 KiB resident, about 1.1 GiB. That is 40% of the machine's RAM."},
		{"this after a process", host17,
			"PID 7740 is a python3 process with an RSS of about 1.4 GiB. This is 5.8% of memory.",
			"PID 7740 is a python3 process with an RSS of about 1.4 GiB. This is 11.4% of memory."},
		{"that after memory, no process", laptop, "Memory: 6.1Gi used of 15Gi. That is about 40% of RAM.", ""},
	}
	checkPairs(t, tests)
}

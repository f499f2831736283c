package supervisor

import "testing"

// TestSumsReferBack checks that a sum naming no entity ("Together they
// hold about 2.1 GiB") adds the values of the entities the sentences
// before it name, and that a number before a verb ("7740 uses …") counts
// no noun.
func TestSumsReferBack(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"together they, about", laptop,
			"firefox (PID 4242) uses 7.4% of memory and gnome-shell (PID 2210) 2.9%. Together they hold about 10.3%, roughly 1.5 GiB.",
			"firefox (PID 4242) uses 7.4% of memory and gnome-shell (PID 2210) 2.9%. Together they hold about 14%, roughly 2.5 GiB."},
		{"together that's, of RAM", server,
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%. Together that's about 19% of RAM, roughly 3 GiB.",
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%. Together that's about 27% of RAM, roughly 3 GiB."},
		{"sum after a sentence without entities", server,
			"PID 2231 uses about 1.9 GiB RSS and PID 3120 about 1 GiB. So 2231 uses roughly twice as much memory as 3120; together they hold about 3 GiB.",
			"PID 2231 uses about 1.9 GiB RSS and PID 3120 about 1 GiB. So 2231 uses roughly twice as much memory as 3120; together they hold about 5 GiB."},
		{"sum of one column", laptop,
			"PID 4242 uses 12.3% CPU and PID 2210 1.0%; together about 13.3%.",
			"PID 4242 uses 12.3% CPU and PID 2210 2.9% of memory; together about 15.2%."},
		{"sum with no entity before it", server, "", "Together they hold about 7 GiB."},
		{"sum of the list items above", laptop,
			"The two biggest memory users:\n- PID 4242: RSS 1153024 KiB (≈1.1 GiB), 7.4% MEM\n- PID 2210: RSS 452112 KiB (≈442 MiB), 2.9% MEM\nTogether they hold 10.3% of memory.",
			"The two biggest memory users:\n- PID 4242: RSS 1153024 KiB (≈1.1 GiB), 7.4% MEM\n- PID 2210: RSS 452112 KiB (≈442 MiB), 2.9% MEM\nTogether they hold 12.3% of memory."},
		{"sum of the list items above a blank line", server,
			"Memory:\n* PID 2231: 12.4% MEM\n* PID 3120: 6.6% MEM\n\nTogether that's about 19% of RAM.",
			"Memory:\n* PID 2231: 12.4% MEM\n* PID 3120: 6.6% MEM\n\nTogether that's about 27% of RAM."},
	}
	checkPairs(t, tests)
}

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

// TestSumsOfGroups checks that a sum adds every entity of its group, not
// only two of them ("PIDs A, B and C together …", "the N <name>
// processes … together"), and that a second figure after a sum ("…,
// roughly 1.3 GiB") is a sum too.
func TestSumsOfGroups(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	host13 := EvidenceText(scenario(t, "host13"))
	tests := []pair{
		{"three listed PIDs", server,
			"PIDs 2231, 1544 and 8943 together hold about 16.3% of memory, roughly 2.6 GiB.",
			"PIDs 2231, 1544 and 8943 together hold about 22% of memory, roughly 3.5 GiB."},
		{"second figure after a sum", server,
			"redis-server (PID 1790) and dockerd (PID 3120) together use 8.5% of memory, roughly 1.3 GiB.",
			"redis-server (PID 1790) and dockerd (PID 3120) together use 8.5% of memory, roughly 2.1 GiB."},
		{"three PIDs of one name together", host13,
			"The three go test processes (PIDs 13416, 11605 and 13885) take about 72 MiB together.",
			"The three go test processes (PIDs 13416, 11605 and 13885) take about 120 MiB together."},
	}
	checkPairs(t, tests)
}

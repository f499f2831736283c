package supervisor

import "testing"

// TestBracketConversions: a size, its memory or disk noun, and a bracket
// whose first figure is a size of the same measure must be one value.
func TestBracketConversions(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop")) // firefox RSS 1153024 KiB, VSZ 11723412 KiB
	host28 := EvidenceText(scenario(t, "host28"))
	checkPairs(t, []pair{
		{"memory, RSS bracket", laptop,
			"firefox (PID 4242) is using about 1.1 GiB of memory (RSS 1153024 KiB).",
			"firefox (PID 4242) is using around 11 GB of memory (RSS 1153024 KiB)."},
		{"unnamed process, anon-rss bracket", laptop,
			"The biggest process is using around 1.1 GiB of memory (anon-rss 1153024 kB).",
			"The biggest process is using around 11 GB of memory (anon-rss 1153024 kB)."},
		{"figure matching another row", laptop,
			"The biggest process is using about 1.2 GB of memory (RSS 1153024 KiB).",
			"The biggest process is using around 9.3 GiB of memory (RSS 1153024 KiB)."},
		{"resident, bare bracket", laptop,
			"firefox (PID 4242) holds 1.1 GiB resident (1153024 KiB).",
			"firefox (PID 4242) holds 1.5 GiB resident (1153024 KiB)."},
		{"swap size bracket", host28,
			"Swap is 255 MiB in size (about 0.25 GiB), with 12Mi used.",
			"Swap is 255 MiB in size (about 2.5 GiB), with 12Mi used."},
	})
}

// TestBracketOtherFigures: a bracket naming another measure or thing is
// no restatement.
func TestBracketOtherFigures(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		{"VSZ bracket", laptop, "firefox (PID 4242) uses about 1.1 GiB of memory (VSZ 11723412 KiB).", ""},
		{"total bracket", laptop, "Memory: 6.1 GiB used (out of 15 GiB).", ""},
		{"total bracket after a process", laptop, "firefox (PID 4242) uses 1.1 GiB of memory (15 GiB total).", ""},
	})
}

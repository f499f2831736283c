package supervisor

import "testing"

// TestOwnSums checks that a figure said to be the sum of figures the
// answer gives is their sum within the rounding of its digits (one step of
// its last digit when hedged), not within approxTolerance: "together about
// 84%" is no sum of 38.3% and 36.0%.
func TestOwnSums(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	laptop := EvidenceText(scenario(t, "laptop"))
	host24 := EvidenceText(scenario(t, "host24"))
	checkPairs(t, []pair{
		{"so together about", server,
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%, so together about 19%.",
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%, so together about 21%."},
		{"together about, of a core tail", host24,
			"PID 2112 is at 2.7% CPU and PID 4039 at 1.3%, so together about 4% of a core.",
			"PID 2112 is at 2.7% CPU and PID 4039 at 1.3%, so together about 4.5% of a core."},
		{"combined after the sum", laptop,
			"firefox (PID 4242) is at 7.4% of memory and gnome-shell (PID 2210) at 2.9%, about 10% combined.",
			"firefox (PID 4242) is at 7.4% of memory and gnome-shell (PID 2210) at 2.9%, about 12% combined."},
		{"plus and equals", host24,
			"Memory: PID 2112 at 6.4% + PID 4039 at 1.7% = about 8% for the two.",
			"Memory: PID 2112 at 6.4% + PID 4039 at 1.7% = about 9% for the two."},
		{"adding up to", host24,
			"PID 2112 holds 6.4% of memory and PID 4039 1.7%, adding up to 8.1%.",
			"PID 2112 holds 6.4% of memory and PID 4039 1.7%, adding up to 9.1%."},
		{"which sums to, hedged", server,
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%, which sums to about 19%.",
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%, which sums to about 21%."},
		{"parts after a colon", server,
			"postgres (PID 2231) and dockerd (PID 3120) together hold about 19% of memory: 12.4% and 6.6%.",
			"postgres (PID 2231) and dockerd (PID 3120) together hold about 21% of memory: 12.4% and 6.6%."},
		{"parts in a bracket", host24,
			"PIDs 2112 and 4039 use about 8% of memory together (6.4% and 1.7%).",
			"PIDs 2112 and 4039 use about 9% of memory together (6.4% and 1.7%)."},
		// "In total" alone may open the machine's figure, not a sum of
		// the sentences before; "Together they" refers back to them.
		{"machine total after parts", laptop,
			"firefox (PID 4242) holds 1.1 GiB and gnome-shell (PID 2210) 442 MiB. In total, 6.1 GiB of your 15 GiB is in use.",
			"firefox (PID 4242) holds 1.1 GiB and gnome-shell (PID 2210) 442 MiB. Together they hold 6.1 GiB of your 15 GiB."},
		{"sizes of two units, hedged parts", laptop,
			"firefox (PID 4242) holds about 1.1 GiB and gnome-shell (PID 2210) about 442 MiB, together roughly 1.5 GiB.",
			"firefox (PID 4242) holds about 1.1 GiB and gnome-shell (PID 2210) about 442 MiB, together roughly 1.8 GiB."},
		{"a round hedged sum", server,
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%, together roughly 20%.", ""},
		{"sum of the list items above, hedged", server,
			"Memory:\n* PID 2231: 12.4% MEM\n* PID 3120: 6.6% MEM\n\nTogether that's about 19% of RAM.",
			"Memory:\n* PID 2231: 12.4% MEM\n* PID 3120: 6.6% MEM\n\nTogether that's about 21% of RAM."},
		{"an equals sign converts", server,
			"postgres (PID 2231) holds 12.4% of memory and dockerd (PID 3120) 6.6%, 6.6% = the smaller share.", ""},
	})
}

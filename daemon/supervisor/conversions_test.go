package supervisor

import "testing"

// A size restated in another unit right after it ("N bytes ≈ X GiB",
// "X GiB (N KiB)") must be that size converted.
func TestConversions(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	host2 := EvidenceText(scenario(t, "host2"))
	checkPairs(t, []pair{
		{"GB figure written as GiB beside its bytes", host2,
			"Memory available: 24700235776 bytes ≈ 23.0 GiB.",
			"Memory available: 24700235776 bytes ≈ 24.7 GiB."},
		{"bytes restated in GiB", laptop,
			"Available memory: 9985798963 bytes ≈ 9.3 GiB.",
			"Available memory: 9985798963 bytes ≈ 15 GiB."}, // 15 GiB is free's total
		{"bytes restated in GB may be decimal", laptop,
			"Available memory: 9985798963 bytes, or about 10.0 GB.",
			""},
		{"KiB restated in a bracket", server,
			"postgres (PID 2231) holds 1.95 GiB (2043112 KiB) resident.", ""},
		{"size restated in a bracket", server, // 3.4T and 200G are md0's Used and Avail
			"/var/lib/postgresql holds 3.4T (3482 GiB) of data.",
			"/var/lib/postgresql holds 3.4T (200 GiB) of data."},
		{"a bracket that says more is no restatement", server,
			"/srv/data is 1.8T (0.9T used).",
			""},
	})
}

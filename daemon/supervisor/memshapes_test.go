package supervisor

import "testing"

// TestMountAndSwapShapes checks the shapes of blind round 31–32 about
// mounts, memory and swap: a path's parts are no field words, a figure's
// swap scope is its own clause, and swap said unused must show no use.
func TestMountAndSwapShapes(t *testing.T) {
	host22 := EvidenceText(scenario(t, "host22"))
	host24 := EvidenceText(scenario(t, "host24"))
	server := EvidenceText(scenario(t, "server"))
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		{"a mount whose path ends in a field word, then another mount", host22,
			"/mnt/cache at 65% and / at 21%.",
			"/mnt/cache at 21% and / at 65%."},
		{"a dash item of a mount whose path ends in a field word", host22,
			"Disk usage:\n- /: 21%\n- /mnt/cache: 65%",
			"Disk usage:\n- /: 21%\n- /mnt/cache: 98%"},
		{"a percentage before such a mount", host22,
			"65% on /mnt/cache, 21% on /.",
			"21% on /mnt/cache, 65% on /."},
		{"memory figures before a swap clause", laptop,
			"9.3Gi of 15Gi memory is available and swap has 1.1Gi used.",
			"9.3Gi of 15Gi memory is available and swap has 2.0Gi used."},
		{"swap figures before a memory clause", server,
			"Swap has 256Mi used and memory has 18Gi available.",
			"Swap has 18Gi used and memory has 256Mi available."},
		{"swap said unused", host22,
			"Swap is 0B, so it is not being used.",
			""},
		{"swap said unused when some is used", server,
			"Swap is 4.0Gi and 256Mi of it is used.",
			"Swap is 4.0Gi and not being used at all."},
		{"swap said not used much", server,
			"Swap is 4.0Gi and not used much (256Mi).",
			""},
		{"swap said untouched", host24,
			"Swap is 511Mi with 4.1Mi used.",
			"Swap is 511Mi and untouched."},
	})
}

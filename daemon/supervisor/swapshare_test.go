package supervisor

import "testing"

// TestSwapShare: a share of swap said used ("half of it", "most of the
// swap", "a little", "is swapping") must hold against free's Swap row.
func TestSwapShare(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop")) // 1.1Gi of 2.0Gi used
	server := EvidenceText(scenario(t, "server")) // 256Mi of 4.0Gi used
	host24 := EvidenceText(scenario(t, "host24")) // 4.1Mi of 511Mi used
	host33 := EvidenceText(scenario(t, "host33")) // 0B of 1.0Gi used
	checkPairs(t, []pair{
		{"half of it in use", laptop,
			"Swap is 2.0 GiB, and roughly half of it is currently in use.",
			"Swap is 2.0 GiB, and only a quarter of it is in use."},
		{"half of it, no use", server,
			"Swap is 4.0 GiB and a little of it is in use.",
			"Swap is 4.0 GiB, and about half of it is currently in use."},
		{"most of the swap", laptop,
			"More than half of the swap is used.",
			"Less than a quarter of your swap is in use."},
		{"a little of it", host24,
			"Swap is 511 MiB and some of it is used, so the machine is swapping a little.",
			"Swap is 511 MiB and most of it is used."},
		{"swapping, none used", host33,
			"Swap is 1.0 GiB and less than half of it is used.",
			"Swap is 1.0 GiB, and the machine has been swapping a little."},
		{"some of it, none used", host33,
			"Swap is 1.0 GiB, none of it in use.",
			"Swap is 1.0 GiB and some of it is in use."},
	})
}

// TestSwapShareNoClaim: a share that is not the used part, denied, or in
// a condition claims nothing.
func TestSwapShareNoClaim(t *testing.T) {
	for _, s := range []string{
		"Swap: 2.0Gi, most of it free.",
		"If half of the swap is used, add more RAM.",
		"Swap is 1.0Gi and not even half of it is used.",
		"Not even half of the swap is used.",
		"The machine is not swapping.",
		"Nothing is swapping right now.",
		"Add RAM to avoid swapping.",
		"Swap is used by some processes.",
	} {
		if sh, ok := saysSwapShare(plainWords(s)); ok {
			t.Errorf("%q read as a share %+v", s, sh)
		}
		if saysSwapping(plainWords(s)) {
			t.Errorf("%q read as swapping", s)
		}
	}
}

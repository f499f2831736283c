package supervisor

import "testing"

// A hedged judgement that a part is failing, of a part whose journal lines
// show trouble, is an inference; unhedged, or of a part whose lines show
// none, it is a state claim the evidence must hold.
func TestHedgedFailing(t *testing.T) {
	db := EvidenceText(scenario(t, "host33"))
	checkPairs(t, []pair{
		{"a hedged judgement of a disk with I/O errors", db,
			"It looks like sdb is failing: the kernel logged an I/O error on sdb at 18:35:59 and smartd reported 8 pending sectors.",
			"It looks like sda is failing: the kernel logged an I/O error on sdb at 18:35:59 and smartd reported 8 pending sectors."},
		{"a seeming failure", db,
			"sdb seems to be failing, with 8 pending sectors reported by smartd at 18:37:39.",
			"sdb has failed, with 8 pending sectors reported by smartd at 18:37:39."},
		{"the daemon that reported a disk's trouble has not failed", db,
			"", "It looks like smartd has failed."},
	})
	checkPairs(t, []pair{
		{"a failed password is no failed sshd", EvidenceText(scenario(t, "host31")),
			"", "It looks like sshd has failed."},
	})
}

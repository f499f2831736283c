package supervisor

import "testing"

// An absence from one clock to another is of the entries between them:
// an entry of its kind after the range's end does not deny it, one inside
// the range still does, and "from" with no end is still "after".
func TestRangeAbsence(t *testing.T) {
	disk := withJournal(t, "server",
		"Nov 23 09:02:11 srv1 postgres[812]: could not write to file \"pg_wal/xlogtemp.812\": No space left on device",
		"Nov 23 09:03:00 srv1 sshd[4410]: Failed password for root from 192.0.2.44 port 40022 ssh2",
		"Nov 23 09:04:00 srv1 sshd[4411]: Failed password for root from 192.0.2.44 port 40024 ssh2",
		"Nov 23 09:05:40 srv1 postgres[812]: could not write to file \"pg_wal/xlogtemp.812\": No space left on device")
	mon := EvidenceText(scenario(t, "host56"))
	checkPairs(t, []pair{
		{"between two entries", disk, "The journal shows no no-space errors from 09:03:00 to 09:04:00.",
			"The journal shows no no-space errors from 09:03:00 to 09:05:40."},
		{"a capture's compaction failures", mon, "The journal shows no no-space errors from 04:29:40 to 04:29:50.",
			"The journal shows no no-space errors from 04:29:40 to 04:30:12."},
		{"an open bound is still after", disk, "The journal shows no no-space errors from 09:05:40 on.",
			"The journal shows no no-space errors from 09:03:00 on."},
	})
}

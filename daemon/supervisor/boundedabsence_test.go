package supervisor

import "testing"

// An absence of log entries bounded by a time ("no further no-space
// errors after that", "no errors after 09:15") is of the entries after
// it holding the absence's qualifying words; an entry of that kind after
// the bound still makes it false, and an unbounded absence is still the
// journal's whole.
func TestBoundedAbsence(t *testing.T) {
	disk := withJournal(t, "server",
		"Nov 23 09:02:11 srv1 postgres[812]: could not write to file \"pg_wal/xlogtemp.812\": No space left on device",
		"Nov 23 09:05:40 srv1 postgres[812]: could not write to file \"pg_wal/xlogtemp.812\": No space left on device",
		"Nov 23 09:20:03 srv1 sshd[4410]: Failed password for root from 192.0.2.44 port 40022 ssh2")
	mon := EvidenceText(scenario(t, "host56"))
	checkPairs(t, []pair{
		{"after the last time said before", disk,
			"postgres logged \"No space left on device\" at 09:02:11 and 09:05:40. No further no-space errors appear after that.",
			"postgres logged \"No space left on device\" at 09:02:11. No further no-space errors appear after that."},
		{"after a clock it names", disk, "The journal shows no no-space errors after 09:05:40.",
			"The journal shows no no-space errors after 09:03."},
		{"no entries at all after a clock", disk, "The journal has no errors after 09:20:03.",
			"The journal has no errors after 09:05:40."},
		{"a bound without a clock", disk, "", "There are no errors in the journal since boot."},
		{"a capture's compaction failures", mon,
			`The journal has two "no space left on device" compaction failures, at 04:29:12 and 04:30:12. No further no-space errors appear in the entries after that.`,
			`The journal has a "no space left on device" compaction failure at 04:29:12. No further no-space errors appear in the entries after that.`},
	})
}

package supervisor

import "testing"

// TestZeroPaddedName: a number written with leading zeros ("segment
// 00004817") names a file or a serial that the evidence has as text,
// often inside a path; it is not a count, and one digit off is still
// wrong.
func TestZeroPaddedName(t *testing.T) {
	pg := "Nov 25 03:10:02 db1 postgres[812]: LOG:  archive command failed with exit code 1\n" +
		"Nov 25 03:10:02 db1 postgres[812]: DETAIL:  The failed archive command was: cp pg_wal/000000010000000000000042 /mnt/archive/000000010000000000000042\n"
	checkPairs(t, []pair{
		{"a WAL file inside a path", pg,
			"postgres (PID 812) failed to archive WAL file 000000010000000000000042 at 03:10:02.",
			"postgres (PID 812) failed to archive WAL file 000000010000000000000043 at 03:10:02."},
	})
	judgeQuoted(t, scenario(t, "host55"), []quotedCase{
		{"Prometheus logged a WAL read error for a corrupt segment 00004817 at 04:28:14 [213].", ""},
		{"Prometheus logged a WAL read error for a corrupt segment 00004871 at 04:28:14 [213].", "00004871"},
	})
}

package supervisor

import "testing"

// PostgreSQL's postmaster is the postgres process that runs the server
// binary itself; ps and the journal name it postgres. A claim about the
// postmaster holds of that process's lines, and a PID of one of its
// retitled children ("postgres: 15/main: checkpointer") is not its.
func TestRoleNames(t *testing.T) {
	h57 := EvidenceText(scenario(t, "host57"))
	h60 := EvidenceText(scenario(t, "host60"))
	noRow := "probe top_cpu ps aux\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"postgres 812 1.0 0.5 90000 41000 ? Ss 10:00 0:09 postgres: 16/main: checkpointer\n"
	checkPairs(t, []pair{
		{"the server binary's row", h57, "The postmaster is PID 10738, listening on 127.0.0.1:5432.",
			"The postmaster is PID 10739, listening on 127.0.0.1:5432."},
		{"its journal lines", h60, "The postmaster (PID 702) terminated the other server processes at 07:54:31.",
			"The postmaster (PID 1958) terminated the other server processes at 07:54:31."},
		{"no row runs the binary", noRow, "", "The postmaster is PID 812."},
	})
}

package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestProcessRoles: a retitled worker's role ("the checkpointer", ps's
// "postgres: 16/main: checkpointer") names its PID, so the journal lines
// that PID logged under the program's identifier are the role's
// (processroles.go); a time another role's PID logged is still not the
// role's.
func TestProcessRoles(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
			"postgres 412 0.3 1.2 420000 96000 ? Ss 09:00 0:02 postgres: 16/main: checkpointer\n" +
			"postgres 415 0.0 0.1 410000 9000 ? Ss 09:00 0:00 postgres: 16/main: archiver failed on 00000001000000020000003A\n" +
			"postgres 418 2.0 0.4 430000 31000 ? Rs 09:00 0:04 postgres: 16/main: autovacuum worker shop\n"},
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 10:02:11 pg-07 postgres[412]: [3-1] 2026-11-24 10:02:11.201 UTC [412] LOG:  checkpoints are occurring too frequently (19 seconds apart)\n" +
			"Nov 24 10:02:30 pg-07 postgres[412]: [4-1] 2026-11-24 10:02:30.301 UTC [412] LOG:  checkpoints are occurring too frequently (19 seconds apart)\n" +
			"Nov 24 10:03:05 pg-07 postgres[415]: [1-1] 2026-11-24 10:03:05.118 UTC [415] WARNING:  archiving write-ahead log file \"00000001000000020000003A\" failed too many times, will try again later\n" +
			"Nov 24 10:03:40 pg-07 postgres[418]: [1-1] 2026-11-24 10:03:40.511 UTC [418] WARNING:  oldest xmin is far in the past\n"},
	}})
	checkPairs(t, []pair{
		{"a role's repeated lines", ev,
			"The checkpointer (PID 412) logs that checkpoints are occurring too frequently. It did so between 10:02:11 and 10:02:30.",
			"The checkpointer (PID 412) logs that checkpoints are occurring too frequently. It did so between 10:02:11 and 10:03:05."},
		{"a role's warning time", ev,
			"Autovacuum (PID 418) warned at 10:03:40 that the oldest xmin is far in the past.",
			"Autovacuum (PID 418) warned at 10:03:05 that the oldest xmin is far in the past."},
		{"the archiver's give-up time", ev,
			"The archiver (PID 415) could not archive 00000001000000020000003A. It gave up at 10:03:05.",
			"The archiver (PID 415) could not archive 00000001000000020000003A. It gave up at 10:02:30."},
	})
	host60 := EvidenceText(scenario(t, "host60"))
	checkPairs(t, []pair{
		{"a role some other line names", host60,
			"Autovacuum (PID 2016) warned at 07:54:53 that the oldest xmin is far in the past.",
			"Autovacuum (PID 2016) warned at 07:55:21 that the oldest xmin is far in the past."},
	})
	laptop := EvidenceText(scenario(t, "laptop")) // nginx's master 930 and worker 931 share one ss row
	checkPairs(t, []pair{
		{"roles of one socket", laptop,
			"nginx runs as a master (PID 930) and one worker (PID 931).",
			"nginx runs as a master (PID 931) and one worker (PID 930)."},
	})
	judgeCitedPairs(t, "host60", [][2]string{
		{"The archiver (PID 1886) failed to archive a file [178]. It gave up at 07:54:36 and again at 07:55:38 [184, 200].",
			"The archiver (PID 1886) failed to archive a file [178]. It gave up at 07:54:58 and again at 07:55:21 [189, 192]."},
	})
}

// TestTitleRole: only the word opening a retitled process's role is its
// role, not a program's path, a user's session or the title's tail.
func TestTitleRole(t *testing.T) {
	for cmd, want := range map[string]string{
		"postgres: 15/main: archiver last was 000000010000004B000000DA": "archiver",
		"postgres: 15/main: autovacuum worker orders":                   "autovacuum",
		"nginx: worker process":                                         "worker",
		"sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups":       "",
		"sshd: anna@pts/0":                                              "",
		"/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql":    "",
	} {
		if got := titleRole(cmd); got != want {
			t.Errorf("titleRole(%q) = %q, want %q", cmd, got, want)
		}
	}
}

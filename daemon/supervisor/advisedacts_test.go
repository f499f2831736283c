package supervisor

import "testing"

// TestAdvisedActs: an act a log only advises (a HINT, "Consider …") is no
// act done; one a line reports stands, and advice kept advice stands.
func TestAdvisedActs(t *testing.T) {
	pg := EvidenceText(scenario(t, "host61"))
	pg60 := EvidenceText(scenario(t, "host60"))
	own := "probe system_logs journalctl -p warning\n" +
		"Nov 24 10:00:01 db1 mysqld[900]: [Warning] InnoDB: log writes are stalling. Consider increasing innodb_log_file_size.\n" +
		"Nov 24 10:01:00 db1 pgsql[412]: WARNING: replication slots are inactive. HINT: drop stale replication slots such as \"old\" or \"standby2\".\n" +
		"Nov 24 10:02:00 db1 pgsql[412]: LOG: dropped replication slot \"old\" on request\n"
	checkPairs(t, []pair{
		{"a size only advised", own, "mysqld logged at 10:00:01 that log writes are stalling and suggested increasing innodb_log_file_size.",
			"The log says innodb_log_file_size was increased."},
		{"a slot reported dropped", own, "At 10:02:00 pgsql dropped replication slot old.",
			"At 10:02:00 pgsql dropped replication slot standby2."},
		{"a hint reported as followed", pg, "The checkpointer PID 1881 logged that checkpoints are occurring too frequently and hinted that max_wal_size should be increased.",
			"The checkpointer PID 1881 logged that checkpoints are occurring too frequently, and max_wal_size was then increased."},
		{"a warning reported as a failure", pg60, "Autovacuum PID 2016 warned that the oldest xmin is far in the past, to avoid wraparound problems.",
			"Autovacuum PID 2016 warned that the orders database has already hit transaction ID wraparound."},
	})
}

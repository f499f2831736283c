package supervisor

import "testing"

// TestValueLabelCounts checks that the number after a value label ("exit
// code 143", "status 500") is read as the value the log prints, not as a
// count of the verb after it ("143 means"), and that a wrong value is
// still caught.
func TestValueLabelCounts(t *testing.T) {
	ci := EvidenceText(scenario(t, "host67"))
	runner := "probe system_logs journalctl\n" +
		"Nov 24 10:00:01 h gitlab-runner[700]: ERROR: Job failed: exit code 143   duration_s=12.5 job=900 project=7\n"
	checkPairs(t, []pair{
		{"an exit code before its meaning", runner, "Exit code 143 means the job got SIGTERM.",
			"Exit code 137 means the job got SIGKILL."},
		{"an exit code before another verb", ci, "Exit code 137 indicates the job was killed.",
			"Exit code 139 indicates the job was killed."},
	})
}

package supervisor

import "testing"

// A reply that stops on a new clause's subject ("… and it", "… is that
// the backup") lost its verb (heldout52.txt:88, heldout57.txt:87); a
// clause whose verb ends it, or "and" before a coordinated object, is
// whole.
func TestCutClause(t *testing.T) {
	judged := scenario(t, "server")
	judged.Answer = "The biggest memory process is postgres and it"
	checkCutOff(t, []string{
		"The biggest memory process is postgres and it",
		"nginx restarted at 10:02 because the disk",
		"The likely cause is that the backup",
		"Disk use is fine, but they",
		"Leave it as it is, since it",
	}, []string{
		"The biggest memory process is postgres and it uses 2 GiB",
		"Check the nginx logs and the config",
		"nginx restarted at 10:02 because the disk filled",
		"The likely cause is that the backup failed",
		"Restart it",
		"The timer fires daily and it ran",
	}, judged)
}

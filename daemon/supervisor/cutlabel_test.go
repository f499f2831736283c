package supervisor

import "testing"

// A reply ending on a value label right after a preposition ("with PID")
// stopped before the value; one naming the label as a noun ("with its
// PID.") or ending in a stop is whole.
func TestCutLabel(t *testing.T) {
	judged := scenario(t, "server")
	judged.Answer = "The process using the most memory is **postgres** with PID"
	checkCutOff(t, []string{
		"The process using the most memory is **postgres** with PID",
		"sshd is listening on port",
		"The largest process runs as UID",
		"nginx exited with code",
	}, []string{
		"The process using the most memory is postgres, listed with its PID.",
		"postgres uses the most memory; ps shows it with its PID",
		"sshd listens on the standard SSH port.",
		"nginx exited with a non-zero code.",
	}, judged)
}

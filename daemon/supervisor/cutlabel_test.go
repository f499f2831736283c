package supervisor

import (
	"strings"
	"testing"
)

// A reply ending on a value label right after a preposition ("with PID")
// stopped before the value; one naming the label as a noun ("with its
// PID.") or ending in a stop is whole.
func TestCutLabel(t *testing.T) {
	for _, a := range []string{
		"The process using the most memory is **postgres** with PID",
		"sshd is listening on port",
		"The largest process runs as UID",
		"nginx exited with code",
	} {
		if why := Garbled(a); !strings.Contains(why, "cut off") {
			t.Errorf("%q: reason %q, want a cut-off", a, why)
		}
	}
	for _, a := range []string{
		"The process using the most memory is postgres, listed with its PID.",
		"postgres uses the most memory; ps shows it with its PID",
		"sshd listens on the standard SSH port.",
		"nginx exited with a non-zero code.",
	} {
		if why := Garbled(a); why != "" {
			t.Errorf("%q: %s", a, why)
		}
	}
	in := scenario(t, "server")
	in.Answer = "The process using the most memory is **postgres** with PID"
	if r := Judge(in); r.Score > 20 || !strings.Contains(r.Unusable, "cut off") {
		t.Errorf("cut label scored %d, unusable %q", r.Score, r.Unusable)
	}
}

package supervisor

import "testing"

// TestZeroFailedUnits: "0 failed units" is "no failed units", checked
// against systemctl's list: found where it is empty, missing where it has
// units or could not be read.
func TestZeroFailedUnits(t *testing.T) {
	head := "probe failed_services systemctl --failed\n  UNIT LOAD ACTIVE SUB DESCRIPTION\n"
	empty := head + "0 loaded units listed.\n"
	failed := head + "● backup.service loaded failed failed Nightly backup\n\n1 loaded units listed.\n"
	unread := EvidenceText(scenario(t, "host19"))
	for _, a := range []string{"There are 0 failed units.", "0 units have failed.", "`systemctl --failed` reports **0 failed units**."} {
		if g := Check(a, empty); !g.Grounded() {
			t.Errorf("%q is true on an empty list but not grounded: %+v", a, g)
		}
		for name, ev := range map[string]string{"a failed unit": failed, "an unread list": unread} {
			if g := Check(a, ev); len(g.Missing) == 0 {
				t.Errorf("%q is false with %s but nothing is missing: %+v", a, name, g)
			}
		}
	}
}

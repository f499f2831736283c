package supervisor

import "testing"

// TestUnseenAbsence: "no evidence of failed units" holds where systemctl
// --failed could not be read; where it was read, "no sign of any failed
// units" says there are none.
func TestUnseenAbsence(t *testing.T) {
	mail := EvidenceText(scenario(t, "host37"))
	empty := "probe failed_services systemctl --failed\n  UNIT LOAD ACTIVE SUB DESCRIPTION\n\n0 loaded units listed.\n"
	server := "probe failed_services systemctl --failed\n" + fixture(t, "server/failed.txt")
	checkPairs(t, []pair{
		{"no evidence where the probe failed", mail,
			"systemctl --failed could not reach the system bus, so there is no evidence of failed units.",
			"systemctl --failed could not reach the system bus, but there are no failed units."},
		{"no sign where the probe read an empty list", empty,
			"There is no sign of any failed units.", ""},
		{"no sign where the probe lists failed units", server,
			"Two units have failed.", "There is no sign of any failed units."},
	})
}

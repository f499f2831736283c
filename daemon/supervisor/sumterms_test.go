package supervisor

import "testing"

// TestSumTerms checks that the terms of a sum explaining a figure of its
// sentence are no claims, while the figure they make is one (the
// laptop's evidence with a unit's exit in its journal).
func TestSumTerms(t *testing.T) {
	laptop := withJournal(t, "laptop",
		"Nov 23 09:41:09 laptop systemd[1]: tomcat.service: Main process exited, code=exited, status=137/n/a",
		"Nov 23 09:41:09 laptop systemd[1]: tomcat.service: Failed with result 'exit-code'.")
	checkPairs(t, []pair{
		{"terms of an exit status", laptop, "tomcat.service exited with status 137, which is how a SIGKILL shows (128 + 9).",
			"tomcat.service exited with status 143, which is how a SIGTERM shows (128 + 15)."},
		{"terms with their sum", laptop, "Its status 137 = 128 + 9 means SIGKILL.", "Its status 143 = 128 + 15 means SIGTERM."},
		{"terms making no figure stay claims", laptop, "", "tomcat.service exited with status 137 (128 + 10)."},
	})
}

package supervisor

import "testing"

// TestCountBreaks checks that a preposition or determiner between a
// number and an event noun ends the number's phrase: "returned 403 for
// that request" is a status of one request, not a count of 403; a count
// said straight before its noun is still checked.
func TestCountBreaks(t *testing.T) {
	ci := EvidenceText(scenario(t, "host67"))
	web := "probe system_logs journalctl\n" +
		"Nov 24 10:00:01 h jenkins[735]: WARNING hudson.security.csrf.CrumbFilter#doFilter: No valid crumb was included in request for /job/api/build by hook. Returning 403.\n" +
		"Nov 24 10:00:09 h sshd[201]: Failed password for root from 203.0.113.9 port 40002 ssh2\n" +
		"Nov 24 10:00:19 h sshd[202]: Failed password for root from 203.0.113.9 port 40004 ssh2\n"
	checkPairs(t, []pair{
		{"a status for a request", web, "Jenkins returned 403 for that request.", "Jenkins returned 401 for that request."},
		{"a status for a request on another capture", ci, "Jenkins returned 403 for that request.", "Jenkins returned 404 for the request."},
		{"a count straight before its noun", web, "sshd logged 2 failed password attempts.", "sshd logged 3 failed password attempts."},
	})
}

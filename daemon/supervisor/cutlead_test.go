package supervisor

import "testing"

// A reply that opens on a lead phrase ("Based on the probes,") and stops
// on a bare subject after it lost its verb; a lead followed by a whole
// clause, a short clause whose verb ends it, or a terse apposition
// without a lead is whole.
func TestCutAfterLead(t *testing.T) {
	judged := scenario(t, "server")
	judged.Answer = "Based on the output, the postgres"
	checkCutOff(t, []string{
		"Based on the probes, the prometheus",
		"According to the journal, the nginx worker",
		"Looking at ps, the biggest",
		"Judging by df, **the** root",
	}, []string{
		"Based on the probes, postgres uses the most CPU",
		"According to the journal, the service failed",
		"Looking at the journal, the disk fills",
		"Based on the journal, the host ran",
		"Based on the probes, the answer is 4",
		"nginx, the proxy",
		"postgres, the database",
	}, judged)
}

// A list whose last item ends on an address after "from" is whole: a
// dotted quad is no figure cut before its unit, as "at 9" is.
func TestAddressEndsWhole(t *testing.T) {
	judged := scenario(t, "server")
	judged.Answer = "The root filesystem is at 9"
	checkCutOff(t, []string{
		"The root filesystem is at 9",
		"sshd failed logins come from 10.0",
		"sshd failed logins come from 10.0.0",
	}, []string{
		"SSH failed logins (**3**):\n- root from 10.0.0.5 [12]\n- carol from 10.0.0.9",
		"The last failed login came from 203.0.113.45",
	}, judged)
}

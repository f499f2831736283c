package supervisor

import "testing"

// A listed or bracketed item of a count said of a program ("Grafana
// logged …: admin twice from …") counts that program's lines, as the
// count before it does: sshd's failure of the same user from the same
// address is not one of them. The wrong number of the program's own is
// still caught.
func TestListedLoginsOfProgram(t *testing.T) {
	const grafana = `grafana[900]: logger=authn.service level=warn msg="Failed to authenticate request" client=auth.client.form `
	both := withJournal(t, "server",
		"Nov 23 07:45:10 srv1 sshd[4410]: Failed password for admin from 198.51.100.20 port 51122 ssh2",
		"Nov 23 09:10:01 srv1 "+grafana+"username=admin remote_addr=198.51.100.20",
		"Nov 23 09:10:05 srv1 "+grafana+"username=admin remote_addr=198.51.100.20",
		"Nov 23 09:12:40 srv1 "+grafana+"username=jsmith remote_addr=192.0.2.9")
	checkPairs(t, []pair{
		{"listed", both, "Grafana logged three failed logins: admin twice from 198.51.100.20 and jsmith once from 192.0.2.9.",
			"Grafana logged three failed logins: admin three times from 198.51.100.20 and jsmith once from 192.0.2.9."},
		{"bracketed", both, "Grafana logged three failed logins from two users (admin twice, jsmith once).",
			"Grafana logged three failed logins from two users (admin three times, jsmith once)."},
		{"sshd's own", both, "sshd logged one failed password: admin once from 198.51.100.20.",
			"sshd logged one failed password: admin twice from 198.51.100.20."},
	})
}

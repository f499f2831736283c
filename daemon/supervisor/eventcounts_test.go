package supervisor

import "testing"

// TestEventCounts checks counts of logged events said as a noun: the
// lines its words select, of its item's address and user, or a figure
// those lines write themselves. Each pair is a true answer and the same
// shape with the count, or the address or user it is tied to, wrong.
func TestEventCounts(t *testing.T) {
	web := EvidenceText(scenario(t, "host31"))
	db1 := EvidenceText(scenario(t, "host33"))
	ws := EvidenceText(scenario(t, "host35"))
	mail := EvidenceText(scenario(t, "host37"))
	sudo := "probe system_logs journalctl\n" +
		"Nov 24 10:00:01 h sudo[100]:    bob : 2 incorrect password attempts ; TTY=pts/1 ; PWD=/home/bob ; USER=root ; COMMAND=/usr/bin/ls\n" +
		"Nov 24 10:05:00 h sudo[140]:    carol : 3 incorrect password attempts ; TTY=pts/2 ; PWD=/home/carol ; USER=root ; COMMAND=/usr/bin/id\n"
	ssh := "probe system_logs journalctl\n" +
		"Nov 24 10:00:01 h sshd[200]: Failed password for root from 203.0.113.9 port 40000 ssh2\n" +
		"Nov 24 10:00:09 h sshd[201]: Failed password for root from 203.0.113.9 port 40002 ssh2\n" +
		"Nov 24 10:02:00 h sshd[230]: Accepted publickey for deploy from 198.51.100.4 port 51000 ssh2\n"
	smb := "probe system_logs journalctl\n" +
		"Nov 24 10:00:01 h smbd[300]: Authentication for user [carol] -> [carol] FAILED with error NT_STATUS_WRONG_PASSWORD\n" +
		"Nov 24 10:00:09 h smbd[300]: Authentication for user [carol] -> [carol] FAILED with error NT_STATUS_WRONG_PASSWORD\n" +
		"Nov 24 10:03:01 h systemd[1]: restic.service: Failed with result 'exit-code'.\n"
	checkPairs(t, []pair{
		{"a count of connections not logged", web, "nginx has 3 connections open.", ""},
		// "Samba" is on no line: "failed" alone would count restic's too.
		{"a describing word on no line", smb, "There were 2 failed Samba logins, both NT_STATUS_WRONG_PASSWORD.", ""},
		{"a hyphened user is no user's name", web, "Two invalid-user attempts came from 203.0.113.45 (admin and oracle).",
			"Three invalid-user attempts came from 203.0.113.45 (admin and oracle)."},
		{"lines that write their own figures", db1, "The kernel logged two CPU throttling events (18:55:59 and 18:56:00).",
			"The kernel logged three CPU throttling events (18:55:59 and 18:56:00)."},
		{"the last noun of a run is the count's", mail, "Dovecot saw 4 failed IMAP login attempts: 3 from 203.0.113.80 and 1 from 10.20.0.44.",
			"Dovecot saw 5 failed IMAP login attempts: 3 from 203.0.113.80 and 2 from 10.20.0.44."},
		{"the source of one kind of event", ssh, "sshd logged failed password attempts from 203.0.113.9.",
			"sshd logged failed password attempts from 198.51.100.4."},
		{"the source of one kind of event, by its verb", mail, "Postfix rejected relay attempts from 198.51.100.7.",
			"Postfix rejected relay attempts from 198.51.100.25."},
		{"lines of an event's words", db1, "Postgres logged two checkpoint warnings, at 17:59:19 and 20:14:59.",
			"Postgres logged three checkpoint warnings."},
		{"lines of an event's words, of its address", web, "sshd rejected 4 password attempts from 203.0.113.45.",
			"sshd rejected 4 password attempts from 198.51.100.23."},
		{"an address of another kind of event", mail, "named denied two ANY queries from 203.0.113.5.",
			"named denied two ANY queries from 203.0.113.80."},
		{"a count of one printer's messages", ws, "cupsd logged three printer-not-responding messages for HP_LaserJet_M404.",
			"cupsd logged five printer-not-responding messages for HP_LaserJet_M404."},
		{"a figure the line writes", db1, "alice had 3 incorrect password attempts with sudo at 20:11:59.",
			"alice had 4 incorrect password attempts with sudo at 20:11:59."},
		{"a line's figure is its user's", sudo, "sudo logged 3 incorrect password attempts for user carol.",
			"sudo logged 3 incorrect password attempts for user bob."},
		{"a line's figure after its user", sudo, "Failed sudo logins:\n- user carol — 3 incorrect password attempts at 10:05:00",
			"Failed sudo logins:\n- user bob — 3 incorrect password attempts at 10:00:01"},
	})
}

package supervisor

import "testing"

// TestTimeItems checks that a user or address is tied to the time of its
// own item of a sentence listing several events, to a range's lines, to
// a sentence's opening time, and never to a process's start time; on the
// laptop's evidence with a few sshd lines added.
func TestTimeItems(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	journal := laptop + "probe system_logs journalctl -p warning..alert -n 200 --no-pager\n" +
		"Nov 23 07:45:10 lap sshd[4410]: Failed password for invalid user admin from 198.51.100.7 port 51122 ssh2\n" +
		"Nov 23 07:45:14 lap sshd[4411]: Failed password for invalid user oracle from 198.51.100.7 port 51124 ssh2\n" +
		"Nov 23 08:02:01 lap sshd[4420]: Failed password for root from 192.0.2.44 port 40022 ssh2\n"
	checkPairs(t, []pair{
		{"each item its own time", journal,
			"sshd logged a failed password for admin from 198.51.100.7 at 07:45:10, and one for root from 192.0.2.44 at 08:02:01.",
			"sshd logged a failed password for admin from 192.0.2.44 at 07:45:10, and one for root from 198.51.100.7 at 08:02:01."},
		{"items joined by and", journal,
			"Failed logins: admin from 198.51.100.7 at 07:45:10 and root from 192.0.2.44 at 08:02:01.",
			"Failed logins: admin from 198.51.100.7 at 07:45:10 and root from 198.51.100.7 at 08:02:01."},
		{"a range of times", journal,
			"Two failures came from 198.51.100.7 between 07:45:10 and 07:45:14 (invalid users admin and oracle), then root from 192.0.2.44 at 08:02:01.",
			"Two failures came from 192.0.2.44 between 07:45:10 and 07:45:14 (invalid users admin and oracle), then root from 198.51.100.7 at 08:02:01."},
		{"values after a range", journal,
			"sshd logged failed passwords between 07:45:10 and 08:02:01 from 198.51.100.7 and 192.0.2.44.",
			"sshd logged failed passwords between 07:45:10 and 07:45:14 from 198.51.100.7 and 192.0.2.44."},
		{"an item without a time", journal,
			"198.51.100.7 failed twice around 07:45 (admin and oracle), and there is one failure from 192.0.2.44 (root).",
			"192.0.2.44 failed twice around 07:45 (admin and oracle), and there is one failure from 198.51.100.7 (root)."},
		{"an opening time", journal,
			"At 08:02:01, root failed to log in from 192.0.2.44.",
			"At 08:02:01, root failed to log in from 198.51.100.7."},
		{"list items after a dash", journal,
			"Failed logins:\n- 07:45:10 — admin from 198.51.100.7\n- 08:02:01 — root from 192.0.2.44",
			"Failed logins:\n- 07:45:10 — admin from 192.0.2.44\n- 08:02:01 — root from 198.51.100.7"},
		{"an opening clause's time", journal,
			"The last failed login was at 08:02:01, from 192.0.2.44 as root.",
			"The last failed login was at 08:02:01, from 198.51.100.7 as root."},
		{"an item going on the one before", journal,
			"198.51.100.7 failed at 07:45:10, and sshd logged another failure at 08:02:01, from 192.0.2.44.",
			"192.0.2.44 failed at 08:02:01, and sshd logged another failure at 07:45:10, from 192.0.2.44."},
		{"a start time ties no address", journal,
			"sshd (PID 812, started 08:57) listens on 0.0.0.0:22.",
			"sshd (PID 812, started 08:57) listens on 127.0.0.1:631."},
		{"a start time in a table's column", journal,
			"| PID | Process | Start | Listening on |\n|---|---|---|---|\n| 812 | sshd | 08:57 | 0.0.0.0:22 |",
			"| PID | Process | Start | Listening on |\n|---|---|---|---|\n| 812 | sshd | 08:57 | 127.0.0.1:631 |"},
		{"a start time in a bracket of its own", journal,
			"nginx is running as PID 930 (started 08:57), and ss shows it listening on 0.0.0.0:80.",
			"nginx is running as PID 930 (started 08:57), and ss shows it listening on 127.0.0.1:631."},
	})
}

package supervisor

import "testing"

// TestLogEventShapes checks what an answer may say of logged events: the
// time of a part with its own subject after a comma is that subject's,
// an outcome said to be logged is what the line says, a failed attempt
// is no act done, a message a unit failed with is its lines', a figure
// of a line's key is that key's, and a causal clause ends where a new
// clause begins.
func TestLogEventShapes(t *testing.T) {
	web, db1 := EvidenceText(scenario(t, "host31")), EvidenceText(scenario(t, "host33"))
	ws, mail := EvidenceText(scenario(t, "host35")), EvidenceText(scenario(t, "host37"))
	checkPairs(t, []pair{
		// A new subject after a comma owns its time.
		{"a time after a comma is its own subject's", db1,
			"smartd reported 8 pending sectors on /dev/sdb at 18:37:39, the kernel hit an I/O error on sdb at 18:35:59.",
			"smartd reported 8 pending sectors on /dev/sdb at 18:37:39, the kernel hit an I/O error on sdb at 18:37:40."},
		// A time opening its segment dates the event after it.
		{"a time opening a clause after a heading", web, "billing.service went down: at 19:04:19 the kernel killed java (PID 3187), out of memory.",
			"billing.service went down: at 19:04:31 the kernel killed java (PID 3187), out of memory."},
		{"a log verb after a comma is its own part's", db1,
			"The kernel logged I/O errors on sdb at 18:35:59 and 18:36:01, smartd reported 8 pending sectors at 18:37:39.",
			"The kernel logged I/O errors on sdb at 18:35:59 and 18:36:01, smartd reported 8 pending sectors at 18:36:01."},
		// An outcome said to be logged is the line's.
		{"a logged outcome is its line's", db1, "systemd reported backup.service failed at 19:16:00.",
			"systemd reported backup.service restarted at 19:16:00."},
		{"a logged outcome after the time", web, "At 19:04:31 systemd reported billing.service failed with result 'oom-kill'.",
			"At 19:04:31 systemd reported billing.service recovered."},
		{"a denied outcome", web, "At 19:04:31 systemd reported billing.service failed and was not restarted.", ""},
		// A failed attempt is no act done.
		{"a failed sudo is no command run", db1, "At 20:11:59 alice tried to sudo `systemctl restart postgresql` but entered a wrong password 3 times.",
			"At 20:11:59 alice used sudo to run `systemctl restart postgresql` as root."},
		{"a failed password is no login", web, "A login as root from 203.0.113.45 failed at 18:44:34.",
			"root logged in from 203.0.113.45 at 18:44:34."},
		{"a failed IMAP auth is no login", mail, "At 20:41:06 bob's IMAP login from 203.0.113.80 failed after 3 attempts.",
			"bob logged in over IMAP from 203.0.113.80 at 20:41:06."},
		{"an act on a line of no failed attempt", web, "At 20:07:19 cron ran a job and discarded its output (no MTA installed).", ""},
		// The message a unit failed with is its lines'.
		{"a unit failed with its message", web, "billing.service failed with an out-of-memory kill.",
			"billing.service failed with a segmentation fault."},
		{"a unit failed with another unit's message", web, "certbot.service failed with exit code 1 while renewing the certificate.",
			"certbot.service failed with a memory overcommit warning while renewing the certificate."},
		{"a cause after the message a unit failed with", web, "billing.service failed with result 'oom-kill' because java ran out of memory.",
			"billing.service failed with result 'oom-kill' because the database crashed."},
		{"a unit failed with a quoted message", web, "certbot.service failed with \"Challenge failed for domain shop.example.org\", so the certificate was not renewed.", ""},
		// A figure of a line's key is that key's.
		{"a key=n figure of a line", ws, "wpa_supplicant disabled Office-5G with auth_failures=1 for a duration of 10 seconds.",
			"wpa_supplicant disabled Office-5G with auth_failures=10 for a duration of 1 seconds."},
		{"a key is n figure of a line", ws, "wpa_supplicant disabled Office-5G: the duration is 10 and auth_failures is 1.",
			"wpa_supplicant disabled Office-5G: the duration is 1 and auth_failures is 10."},
		// A causal clause ends at a new clause.
		{"a second cause after a new clause", web, "certbot.service failed because its main process exited, and because the challenge failed for shop.example.org.",
			"certbot.service failed because its main process exited, and because the disk was full."},
		{"a cause ends at a new clause", db1,
			"backup.service failed after the main process exited, and smartd reported 8 pending sectors on /dev/sdb.",
			"backup.service failed after the disk filled up, and smartd reported 8 pending sectors on /dev/sdb."},
	})
}

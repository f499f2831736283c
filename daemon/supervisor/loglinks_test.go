package supervisor

import "testing"

// TestLogLinkShapes checks what an answer may say of a logged event and
// of the process behind it: the PID an event names, the cause or source
// it gives, and the user a process runs as; each with a true answer and
// the same shape with the link invented.
func TestLogLinkShapes(t *testing.T) {
	laptop := evidence(t, "ps_aux_mem.txt", "journal.txt")
	host32 := EvidenceText(scenario(t, "host32"))
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"PID said to be killed is the kill line's", laptop,
			"At 09:41 the OOM killer killed the java process, PID 6650.", "The OOM killer killed the firefox process, PID 4242."},
		{"PID of a kill beside a restarted process", host32,
			"At 20:14 the OOM killer killed java, PID 29962, and billing came back as PID 31200.", "At 20:14 the OOM killer killed the billing Java process, PID 31200, and billing.service failed."},
		{"PID of a crashed pool child is the child's", host32,
			"A php-fpm child (PID 3301) crashed with SIGSEGV at 19:25:50.", "A php-fpm child (PID 29708) crashed with SIGSEGV."},
		{"a setting's small value is its line's", host32,
			"The php-fpm www pool hit its pm.max_children limit of 5 at 19:25:00.", "The php-fpm www pool hit its pm.max_children limit of 8 at 19:25:00."},
		{"PID denied an event is not judged", host32, "redis-server (PID 29963) has not crashed.", ""},
		{"cause after 'triggered by' of the sentence before's event", server,
			"backup.service failed at 02:00:05. It was triggered by rsync running out of space.",
			"backup.service failed at 02:00:05. It was triggered by an expired certificate."},
		{"effect after 'which caused'", server,
			"rsync logged 'No space left on device' at 02:00:04, which caused backup.service to fail at 02:00:05.",
			"The failed SSH login at 07:45:10 caused backup.service to fail."},
		{"effect of the sentence before's event", server,
			"rsync could not write /srv/data/db.tar at 02:00:04. That is what caused backup.service to fail.",
			"The kernel warned about md0's directory index at 03:14:22. That is what caused certbot to fail at 09:12:55."},
		{"source of the sentence before's event", server,
			"There was a failed SSH login at 07:45:10. It came from 203.0.113.9.",
			"The kernel warned that md0's directory index was full at 03:14:22. The warning came from 203.0.113.9."},
		{"a definite noun the sentence before lacks names a new event", server,
			"nginx.service is running. The backup failed because the disk was full.", ""},
		{"passive link verb names no effect", server, "certbot renewal failed at 09:12:55. The failure was triggered when the connection timed out.", ""},
		{"source after 'was from' of the noun the sentence before has", server,
			"sshd logged a failed login at 07:45:10. The login was from 203.0.113.9.",
			"sshd logged a failed login at 07:45:10. The login was from 203.0.113.45."},
		{"a longer subject is not the sentence before's event", EvidenceText(scenario(t, "host31")),
			"certbot.service failed at 19:34:20. The failed logins were from 203.0.113.45 and 198.51.100.23.", ""},
		{"source of an event named by its words alone", evidence(t, "journal.txt"),
			"The link timeout on the wireless card came from NetworkManager.", "The link timeout on the wireless card came from postgresql."},
		{"hedged cause is not judged", server,
			"backup.service failed at 02:00:05. It might have been caused by an expired certificate.",
			"backup.service failed at 02:00:05. It was caused by an expired certificate."},
		{"a denied modal in a cause is no hedge", server, "",
			"backup.service failed at 02:00:05 because nginx could not bind its port."},
		{"a letter that lowers to more bytes keeps the offsets", EvidenceText(scenario(t, "host31")),
			"", "İİİ The kernel warned about possible SYN flooding at 19:44:19. İİİ The flood came from 203.0.113.45."},
		{"hedged link is not judged", server, "The kernel warned about md0 at 03:14:22. That might have caused certbot to fail at 09:12:55.", ""},
		{"time of a cause is not its effect's entity's", host32, "The OOM kill at 20:14:46 caused billing.service to fail at 20:14:49.", ""},
		{"user of a PID is its ps user, not a word of its command", laptop,
			"sshd (PID 812) runs as user root.", "sshd (PID 812) runs as user sshd."},
		{"user after 'running as user' beside a ranked process", host32,
			"The biggest memory user is java (PID 31200), running as user billing.", ""},
		{"user that is a word of the pool's command", host32,
			"The php-fpm pool worker PID 29708 runs as user www-data.", "The php-fpm pool worker PID 29708 runs as user www."},
		{"consumer noun before a name is no user", laptop, "The biggest mem user firefox (PID 4242) holds 7.4% of memory.", ""},
		{"consumer noun after 'top' is no user", laptop, "The top user firefox (PID 4242) holds 7.4% of memory.", ""},
	}
	checkPairs(t, tests)
}

// A link mark that ends the text ("… to see where the 404 comes from",
// no full stop, as an advice item ends) links to nothing: it once cut the
// answer past its end and panicked (blind round 93–96).
func TestLinkMarkAtTheEnd(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	for _, answer := range []string{
		"Fetch a test file with curl to see where the error comes from",
		"sshd logged a failed login at 07:45:10. Find out where it came from",
		"backup.service failed at 02:00:05. Check what it was triggered",
	} {
		if g := Check(answer, server); len(g.Missing) != 0 {
			t.Errorf("%q: missing %v", answer, g.Missing)
		}
	}
}

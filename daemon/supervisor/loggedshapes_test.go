package supervisor

import "testing"

// TestLoggedShapes checks what an answer may say a journal line shows:
// a PID said to run now is a live process's, not the PID a line was
// logged under; a time said to be when something was logged is that
// line's; a count of a logged message is the number of its lines.
func TestLoggedShapes(t *testing.T) {
	web, web2 := EvidenceText(scenario(t, "host31")), EvidenceText(scenario(t, "host32"))
	db1, db2 := EvidenceText(scenario(t, "host33")), EvidenceText(scenario(t, "host34"))
	laptop := evidence(t, "ps_aux_mem.txt") + "probe system_logs journalctl\n" + fixture(t, "journal.txt")
	server := evidence(t, "ps_aux_mem.txt") + "probe system_logs journalctl\n" + fixture(t, "server/journal.txt")
	checkPairs(t, []pair{
		// A live PID.
		{"a PID said to run now is ps's", db1, "postgres is still running as PID 373.", "postgres is still running as PID 2211."},
		{"a live PID in brackets", web, "java is still running (PID 29962).", "java is still running (PID 3187)."},
		{"a live PID after the PID", web, "java (PID 29962) is running.", "java (PID 3187) is running."},
		{"a killed PID and the live one", web, "billing.service's java was OOM-killed as PID 3187 at 19:04:19 and now runs as PID 29962.",
			"billing.service's java was OOM-killed as PID 3187 at 19:04:19 and now runs as PID 3187."},
		{"a live PID is its subject's", db1, "postgres[2211] warned about checkpoints. It's still running as PID 373.",
			"postgres[2211] warned about checkpoints. It's still running as PID 381."},
		{"the PID of a logged event", db1, "postgres[2211] logged at 17:59:19 that checkpoints were occurring too frequently.", ""},
		{"a live PID of a product name", laptop, "The main Firefox process is still running (PID 4242).", "The main Firefox process is still running (PID 6650)."},
		{"currently PID after It", db1, "postgres[2211] warned about checkpoints. It is currently PID 373.", "postgres[2211] warned about checkpoints. It is currently PID 2211."},
		{"the PID a process logged under, in the past", db1, "postgres was running as PID 2211 when it logged the checkpoint warning at 17:59:19.", ""},
		{"a PID no longer running", web, "PID 3187 is no longer running; java now runs as PID 29962.", ""},
		// A log time.
		{"a log time is its line's", db2, "The throttling warning was logged at 18:56:32: CPU1's core temperature was above its threshold.",
			"The throttling warning was logged at 18:56:12: CPU1's core temperature was above its threshold."},
		{"a log time of another line", db2, "The throttling warning was logged at 18:56:32: CPU1's core temperature was above its threshold.",
			"The throttling warning was logged at 18:38:12: CPU1's core temperature was above its threshold."},
		{"a log time before a colon", db2, "The NFS warning was logged at 19:51:32: server nas01 was not responding.",
			"The NFS warning was logged at 20:04:52: server nas01 was not responding."},
		{"a log time in a general sentence", db1, "The NFS warning was logged at 19:50:59: server nas01 was not responding, and the kernel said it would keep trying.",
			"The NFS warning was logged at 19:50:39: server nas01 was not responding, and the kernel said it would keep trying."},
		{"a log time in a general sentence, of another line", db1, "",
			"The NFS warning was logged at 20:04:19: server nas01 was not responding, and the kernel said it would keep trying."},
		{"a log time of the kernel's", db2, "The kernel logged at 18:56:32 that CPU1 was too hot, so the clock would be throttled.",
			"The kernel logged at 18:55:32 that CPU1 was too hot, so the clock would be throttled."},
		{"a log time of its verb's subject", server, "certbot logged at 09:12:55 that the renewal failed.", "certbot logged at 07:45:10 that the renewal failed."},
		{"log times of two items", laptop, "The kernel logged the OOM kill of java at 09:41:07, and NetworkManager logged a link timeout on wlp3s0 at 10:15:48.",
			"The kernel logged the OOM kill of java at 09:41:07, and NetworkManager logged a link timeout on wlp3s0 at 10:02:13."},
		// A count of a logged message.
		{"a count of a warning", db1, "postgres warned twice that checkpoints were occurring too frequently.",
			"postgres warned three times that checkpoints were occurring too frequently."},
		{"a count of a unit's exits", db2, "systemd reported app.service exiting with status=11/SEGV twice, at 19:31:42 and 20:16:08.",
			"systemd reported app.service exiting with status=11/SEGV three times."},
		{"a count within a range", web2, "sshd logged failed passwords **four times** between 18:45:02 and 18:45:20.",
			"sshd logged failed passwords **five times** between 18:45:02 and 18:45:20."},
		{"a count of events with their times", web2, "systemd logged the OOM kill of billing.service twice, at 19:05:10 and 20:14:47.", ""},
		{"a count of one", web, "The kernel reported SYN flooding on port 443 once, at 19:44:19.", "The kernel reported SYN flooding on port 443 twice."},
		{"a factor is no count", web, "sshd logged failed passwords from 203.0.113.45 four times as often as from any other address.", ""},
	})
}

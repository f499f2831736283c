package supervisor

import "testing"

// TestLogLinkShapes checks what an answer may say of a logged event and
// of the process behind it: the PID an event names, the cause or source
// it gives, and the user a process runs as; each with a true answer and
// the same shape with the link invented.
func TestLogLinkShapes(t *testing.T) {
	laptop := evidence(t, "ps_aux_mem.txt", "journal.txt")
	host32 := EvidenceText(scenario(t, "host32"))
	tests := []pair{
		{"PID said to be killed is the kill line's", laptop,
			"At 09:41 the OOM killer killed the java process, PID 6650.", "At 09:41 the OOM killer killed the firefox process, PID 4242."},
		{"PID of a kill beside a restarted process", host32,
			"At 20:14 the OOM killer killed java, PID 29962, and billing came back as PID 31200.", "At 20:14 the OOM killer killed the billing Java process, PID 31200, and billing.service failed."},
		{"PID denied an event is not judged", host32, "redis-server (PID 29963) has not crashed.", ""},
		{"user of a PID is its ps user, not a word of its command", laptop,
			"sshd (PID 812) runs as user root.", "sshd (PID 812) runs as user sshd."},
		{"user after 'running as user' beside a ranked process", host32,
			"The biggest memory user is java (PID 31200), running as user billing.", ""},
		{"user that is a word of the pool's command", host32,
			"The php-fpm pool worker PID 29708 runs as user www-data.", "The php-fpm pool worker PID 29708 runs as user www."},
		{"consumer noun before a name is no user", laptop, "The biggest mem user is firefox, PID 4242.", ""},
	}
	checkPairs(t, tests)
}

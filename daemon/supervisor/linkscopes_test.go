package supervisor

import "testing"

// TestLinkScopes checks what a side of a logged link is said of: the
// sentence before's event for a pronoun or "the" and a noun that sentence
// has, a passive subject that is the effect, and a source that ends at
// its comma.
func TestLinkScopes(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"cause said of the sentence before's event", server, // certbot's timeout is seven hours away
			"backup.service failed at 02:00:05. It was triggered by rsync running out of space.",
			"backup.service failed at 02:00:05. It was triggered by a connection timeout."},
		{"a noun of the sentence before that the log lacks", server,
			"sshd rejected a password at 07:45:10. The rejection came from 203.0.113.9.",
			"sshd rejected a password at 07:45:10. The rejection came from 127.0.0.1."},
		{"a passive subject is the effect", server,
			"The certbot failure at 09:12:55 was triggered as md0's directory index filled at 03:14:22.", ""},
		{"a source ends at its comma", server,
			"The failed SSH login at 07:45:10 came from 203.0.113.9, and certbot failed later at 09:12:55.", ""},
	})
}

// TestGuessedLinks checks that a link offered as a guess, by any hedge,
// is not judged.
func TestGuessedLinks(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"a hedge makes a link a guess", server,
			"The kernel warned about md0 at 03:14:22. That probably caused certbot to fail at 09:12:55.",
			"The kernel warned about md0 at 03:14:22. That caused certbot to fail at 09:12:55."},
	})
}

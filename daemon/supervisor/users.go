package supervisor

import (
	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A user name is a claim about a record: "nginx (PID 930) runs as root"
// is true of the ps row of PID 930 only, and "someone tried to log in as
// root from 203.0.113.9" is false when the journal line with that address
// says "invalid user admin". A user name is the word after "user", after
// "as" following "log in", "logged in", "runs" or "running", or after
// "for" following "password", "login" and the like; it must
// come from a record of its sentence's entity or, when the sentence names
// none or it follows "password for" (authUser), of an address it names;
// in a process row, only its USER column (psusers.go).

// userVerbs before "as" make the next word a user name.
var userVerbs = lexicon.NewSet(`in login logon logged runs running run owned`)

// userNotNames may follow "user" or "as" without naming a user.
// "user" itself is the label before the name ("owned by user eve"), as
// "uid" is before a number ("running as uid 65535"); a
// count of times is how often the user named before it did something
// ("the admin user twice from 203.0.113.58").
var userNotNames = lexicon.NewSet(`invalid unknown illegal nonexistent account accounts name names session sessions id ids space the a an
	well expected usual normal pid pids process processes user users once twice thrice uid uids`)

// isUser reports whether words[i] names a user (see above).
func isUser(words []string, i int) bool {
	if i >= 3 && words[i-1] == "uid" && words[i-2] == "as" && userVerbs[words[i-3]] && allDigits(words[i]) {
		return true // "running as uid 65535": ps's USER column prints a user without a name by number
	}
	if i == 0 || !lexicon.IsName(words[i]) || userNotNames[words[i]] || countOf(words[i]) >= 0 || functionWords[words[i]] || leadFillers[words[i]] {
		return false
	}
	prev := words[i-1]
	return prev == "user" && !rankNoun(words, i-1) || (prev == "as" && i >= 2 && userVerbs[words[i-2]]) ||
		(prev == "by" && i >= 2 && ownerVerbs[words[i-2]]) || // "run by cloudsdk"
		(prev == "for" && i >= 2 && authWords[words[i-2]]) // "failed password for root"
}

// authWords before "for" make the next word a user name, as sshd's
// journal lines write it: "Failed password for root", "Accepted
// publickey for alice", "authentication failure for admin".
var authWords = lexicon.NewSet(`password passwords publickey login logins logon authentication auth attempt attempts
	failure failures`)

// ownerVerbs before "by" make the next word the user a process runs as.
var ownerVerbs = lexicon.NewSet(`run owned started launched executed spawned`)

// userAnchor returns what a user name of a sentence without an entity is
// checked against: the nearest address in its sentence, or nil.
func userAnchor(c claim, claims []claim) *claim {
	var best *claim
	for i := range claims {
		a := &claims[i]
		if a.sent != c.sent || a.off == c.off || a.kind != kindName || !a.textual || !isAddress(a.key) {
			continue
		}
		if best == nil || abs(a.wi-c.wi) < abs(best.wi-c.wi) {
			best = a
		}
	}
	return best
}

// authUser reports a user named as an sshd event names it ("failed
// password for root", "a login as root"): that event's line, found by the address beside
// it, must name the user, not just any record of the sentence's
// process (sshd's other lines name other users).
func authUser(answer string, c claim) bool {
	ws := plainWords(answer[max(0, c.off-40):c.off])
	n := len(ws)
	return n >= 2 && (ws[n-1] == "for" && authWords[ws[n-2]] || ws[n-1] == "as" && loginWords[ws[n-2]])
}

// loginWords before "as" name a login's user ("a failed login as root",
// "tried to log in as admin"), not the user a process runs as.
var loginWords = lexicon.NewSet(`login logins logon in`)

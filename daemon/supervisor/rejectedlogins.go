package supervisor

import "regexp"

// "Grafana rejected 3 logins for user admin from 203.0.113.58",
// "FreeRADIUS rejected 3 logins": a count of logins a program refused is
// a count of failed logins, judged as "3 failed logins" is
// (countclaims.go): of the program's lines (loginidents.go), of the
// user and address its item names. Read as an event count of the words
// "rejected" and "logins" instead (eventcounts.go), it counted other
// programs' lines that merely say "rejected" (charon's "peer rejected
// our authentication"), and nothing where the program writes neither
// word (Grafana's "Failed to authenticate request"). Where the journal
// shows no failed login at all, what was refused is not known from it
// and the count is left to the event counts.

var rejectedLoginRe = regexp.MustCompile(`\b(?:rejected|refused|denied|blocked)\s+(` + countRe +
	`\s+(?:(?:ssh|smb|samba|imap|pop3|ftp|radius)\s+)?(?:(?:login|logon|password|authentication|sign-in)\s+(?:attempts?|tries|requests?)` +
	`|logins?|logons?|passwords?|authentications?|sign-ins?))\b`)

// rejectedLogins returns where the count phrase of "rejected N logins"
// is in s (lowered) and where its figure is, in the shape of
// failedLoginRe's submatch index, or nil; nil too when the journal shows
// no failed login.
func (ix *index) rejectedLogins(s string) []int {
	loc := submatchIndexWith(rejectedLoginRe, s, "rejected", "refused", "denied", "blocked")
	if loc == nil || !ix.loginFailuresLogged() {
		return nil
	}
	return loc[2:6]
}

// loginFailuresLogged reports whether the journal has a failed-login
// line: asked per sentence, so it reads the index's cache of them.
func (ix *index) loginFailuresLogged() bool {
	return len(ix.logins().ids) > 0
}

package supervisor

import "testing"

// TestLoggedUserForms: a user the journal names is named in every form
// failed logins read, Samba's "user [carol]" too, and whole.
func TestLoggedUserForms(t *testing.T) {
	ix := newIndex(offsetSafe(EvidenceText(scenario(t, "host47"))))
	if !ix.loggedUser("carol") {
		t.Error(`Samba's "user [carol]" not read as the user carol`)
	}
	if ix.loggedUser("caro") {
		t.Error(`"caro" read as a user of the journal`)
	}
}

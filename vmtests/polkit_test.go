package vmtests

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// agentPrompt is pkttyagent's password prompt.
var agentPrompt = regexp.MustCompile(`Password: `)

// TestPolkit is scenario 8: `annactl uninstall` run by alice (a member of
// group anna and, through group sudo, an administrator to polkit) is
// refused without a terminal, refused after a wrong password typed at
// pkttyagent's prompt on her terminal, and carried out after her own
// password: polkit keeps the authorization for the confirmed call.
func TestPolkit(t *testing.T) {
	if !installer(t) {
		t.Skip("no installer in this tree yet (installer/install.sh and `make release`): scenario 8 needs it")
	}
	s := bootInstalled(t, 10*time.Minute)
	const installed = "test -x /usr/local/bin/annad"

	// No terminal: nobody could type a password, so polkit is not asked
	// to prompt and annad refuses.
	out, rc := s.run(as("alice", "annactl uninstall </dev/null"), step)
	if rc == 0 || !strings.Contains(out, "administrator's password") {
		t.Fatalf("annactl uninstall as alice without a terminal: exit %d:\n%s\nwant a refusal that asks for an administrator's password", rc, out)
	}
	s.must(installed)

	// On her terminal (su --pty gives alice one, as a login would), annactl
	// starts pkttyagent and polkit asks for her password.
	uninstall := `echo __BEG""IN__; su --pty - alice -c 'annactl uninstall'; echo "__R""C=$?__"` + "\r"
	s.send(uninstall)
	s.expect(beginMark, step)
	s.expect(agentPrompt, step)
	s.send("wrong\r")
	out = strings.ReplaceAll(s.expect(rcMark, 2*step), "\r", "")
	s.expect(promptRe, step)
	if rc := rcMark.FindStringSubmatch(out); rc[1] == "0" || !strings.Contains(out, "polkit refused") {
		t.Fatalf("annactl uninstall with a wrong password:\n%s\nwant a non-zero exit and polkit's refusal", out)
	}
	s.must(installed)

	s.send(uninstall)
	s.expect(beginMark, step)
	s.expect(agentPrompt, step)
	s.send("alice\r")
	s.expect(uninstallPrompt, 2*step)
	s.send("uninstall\r")
	out = s.expect(regexp.MustCompile(rcMark.String()+"|"+agentPrompt.String()), 2*step)
	if agentPrompt.MatchString(out) {
		// The policy keeps an administrator's authorization only in an
		// active local session (allow_active auth_admin_keep); a session
		// without a seat (this serial console, ssh) gets allow_any.
		t.Errorf("polkit asked alice for her password a second time, for the confirmed call; annactl promises one prompt (auth_admin_keep):\n%s", out)
		s.send("alice\r")
		out += s.expect(rcMark, 2*step)
		defer func() {
			t.Logf("the session annactl ran in: %s", s.must("loginctl show-session $XDG_SESSION_ID -p Seat -p Active -p Remote -p Type"))
		}()
	}
	out = strings.ReplaceAll(out, "\r", "")
	s.expect(promptRe, step)
	if rc := rcMark.FindStringSubmatch(out); rc[1] != "0" || !strings.Contains(out, "annad is stopping") {
		t.Fatalf("annactl uninstall after alice's password:\n%s\nwant exit 0 and annad stopping", out)
	}
	if _, rc := s.run(installed, step); rc == 0 {
		t.Fatal("/usr/local/bin/annad is still there after an authorized uninstall")
	}
}

package vmtests

import (
	"strings"
	"testing"
	"time"
)

// installedState lists what the installer owns, with modes, owners and
// content hashes, so two listings differ if a second run changed anything.
const installedState = `{ getent group anna; ` +
	`find /usr/local/bin /usr/local/lib /etc/anna /var/lib/anna /usr/share/polkit-1/actions -xdev \( -type f -o -type d -o -type l \) ` +
	`-printf '%p %M %u %g %s\n' 2>/dev/null | sort; ` +
	`find /usr/local/bin /usr/local/lib /etc/anna -xdev -type f -exec sha256sum {} + | sort; ` +
	`systemctl is-enabled annad.socket; }`

// TestInstall is scenario 1: `curl … install.sh | bash` as alice (a sudo
// user) from the release the test serves leaves the socket and service
// active, the socket 0660 root:anna, alice answered and bob refused with
// the advice to join group anna; a second run changes nothing.
func TestInstall(t *testing.T) {
	if !installer(t) {
		t.Skip("no installer in this tree yet (installer/install.sh and `make release`): scenario 1 needs it")
	}
	s := boot(t, 10*time.Minute)
	url := localRelease(s)
	install := as("alice", "curl -sSfL "+url+"/install.sh | ANNA_RELEASE_URL="+url+" bash")
	if out, rc := s.run(install, 3*step); rc != 0 {
		// Go on through sudo so the rest of the scenario still runs.
		t.Errorf("the spec's `curl … | bash` as alice (a sudo user) failed with exit %d:\n%s", rc, out)
		install = as("alice", "curl -sSfL "+url+"/install.sh | sudo ANNA_RELEASE_URL="+url+" bash")
		s.must(install)
	}
	waitSocket(s)
	for _, u := range []string{"annad.socket", "annad.service"} {
		if out := s.must("systemctl is-active " + u); strings.TrimSpace(out) != "active" {
			t.Fatalf("%s is %q after install, want active", u, out)
		}
	}
	checkAccess(t, s)
	before := s.must(installedState)
	s.must(install)
	if after := s.must(installedState); after != before {
		t.Fatalf("a second install changed the machine:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	checkAccess(t, s)
}

package vmtests

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// The paths an installed Anna has in the guest.
const (
	socketPath = "/run/anna/anna.sock"
	configPath = "/etc/anna/config.toml"
)

// installer reports whether this run's release has install.sh; scenarios
// about the installer itself skip without it.
func installer(t *testing.T) bool {
	t.Helper()
	needVM(t)
	return hasRelease()
}

// provision installs Anna in a fresh guest and waits until annad answers.
// With an installer it pipes the host-served release's install.sh from
// curl to `sudo bash` as alice, who is then a member of group anna
// (TestInstall runs the spec's plain `| bash`). A tree without the installer yet installs the
// payload's binaries and runs annad as a transient systemd service that
// systemd restarts, which is what the scenarios below the installer need.
func provision(s *shell) {
	s.t.Helper()
	if hasRelease() {
		url := localRelease(s)
		s.must(as("alice", "curl -sSfL "+url+"/install.sh | sudo ANNA_RELEASE_URL="+url+" bash"))
	} else {
		s.must("mkdir -p /mnt/payload && mount -o ro /dev/vdb /mnt/payload")
		s.must("install -m 0755 /mnt/payload/annad-linux-amd64 /usr/local/bin/annad && install -m 0755 /mnt/payload/annactl-linux-amd64 /usr/local/bin/annactl")
		s.must("groupadd -r anna && usermod -aG anna alice")
		s.must("systemd-run --quiet --unit=annad -p Restart=always -p RestartSec=200ms /usr/local/bin/annad")
	}
	waitSocket(s)
}

// localRelease makes the host-served release reachable at a loopback URL
// in the guest, the only plain-http address install.sh accepts (anything
// else must be https), and returns that URL.
func localRelease(s *shell) string {
	s.t.Helper()
	host := strings.TrimPrefix(run.release, "http://")
	s.must("systemd-run --quiet --unit=anna-vm-release socat TCP-LISTEN:8000,bind=127.0.0.1,fork,reuseaddr TCP:" + host)
	s.must("for i in $(seq 100); do curl -sf -o /dev/null http://127.0.0.1:8000/SHA256SUMS && break; sleep 0.1; done")
	return "http://127.0.0.1:8000"
}

// waitSocket waits until annad answers root's `annactl status`.
func waitSocket(s *shell) {
	s.t.Helper()
	s.must("for i in $(seq 600); do annactl status >/dev/null 2>&1 && break; sleep 0.1; done; annactl status >/dev/null")
}

// annadPID is the main PID systemd knows for annad.service.
func annadPID(s *shell) string {
	s.t.Helper()
	pid := strings.TrimSpace(s.must("systemctl show -P MainPID annad.service"))
	if pid == "" || pid == "0" {
		s.t.Fatalf("annad.service has no main process (MainPID %q)", pid)
	}
	return pid
}

// checkAccess proves the socket's permissions where users run Anna: mode
// 0660, owner root, group anna; a member gets answers, a non-member is
// refused with the advice to join the group.
func checkAccess(t *testing.T, s *shell) {
	t.Helper()
	if got := strings.TrimSpace(s.must("stat -c '%a %U %G' " + socketPath)); got != "660 root anna" {
		t.Fatalf("socket %s is %q, want \"660 root anna\"", socketPath, got)
	}
	if out := s.must(as("alice", "annactl -V")); !regexp.MustCompile(`\d+\.\d+\.\d+`).MatchString(out) {
		t.Fatalf("annactl -V as alice printed %q, want a version", out)
	}
	if out := s.must(as("alice", "annactl status")); !strings.Contains(out, "annad") && !strings.Contains(out, "anna") {
		t.Fatalf("annactl status as alice printed %q", out)
	}
	out, rc := s.run(as("bob", "annactl status"), step)
	if rc != 4 || !strings.Contains(out, "usermod -aG anna") {
		t.Fatalf("annactl status as bob (not in group anna): exit %d, output %q; want exit 4 and the advice to join group anna", rc, out)
	}
}

// TestSocketAccess is the access half of scenario 1 on any provisioning: a
// member of group anna is answered, a non-member refused with advice.
func TestSocketAccess(t *testing.T) {
	s := bootInstalled(t, 8*time.Minute)
	checkAccess(t, s)
}

package vmtests

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// machineState lists every file, directory, link, socket and fifo where an
// installation could leave a trace — /etc (group and gshadow included),
// /usr/local, /var/lib, /run, systemd's unit directories and polkit's
// actions — with type, mode, owner and group, the size of regular files
// and the target of links, plus the content of the account files.
// Directories' sizes are left out: they count entries (tmpfs) or never
// shrink (ext4), so they say nothing the entries below do not.
//
// Two listings around `su - alice -c 'sudo true'` and 15 s of waiting were
// identical in this guest; installing and uninstalling Anna also changes,
// and these are left out:
//   - /run/log/journal: journald's volatile journal, which grows with
//     every message anything logs;
//   - /run/systemd: systemd's records of the units it ran (invocation
//     links, mount-propagation directories, journal streams), left by any
//     service, written by PID 1 and dropped at the next boot (transient
//     unit files live there too; the test starts none between listings);
//   - /run/udev: udevd's runtime database and the .lock files it keeps
//     under /run/udev/links, which it prunes on its own (ten of them
//     vanished in one run; udevd, not Anna, owns them);
//   - /etc/group- and /etc/gshadow-: shadow-utils' copies of the previous
//     account files, rewritten by every groupadd, usermod, gpasswd and
//     groupdel; /etc/group and /etc/gshadow themselves are compared byte
//     for byte.
const machineState = `{ find /etc /usr/local /var/lib /run /usr/lib/systemd/system /usr/share/polkit-1 -xdev ` +
	`\( -path /run/log/journal -o -path /run/systemd -o -path /run/udev -o -path /etc/group- -o -path /etc/gshadow- \) -prune ` +
	`-o -type d -printf '%p %y %m %u %g\n' -o -printf '%p %y %m %u %g %s %l\n' | sort; ` +
	`sha256sum /etc/group /etc/gshadow /etc/passwd /etc/shadow; }`

// uninstallPrompt is what annactl asks before it removes Anna.
var uninstallPrompt = regexp.MustCompile(`Type "uninstall" to remove Anna: `)

// TestUninstall is scenario 7: the spec's `curl … | bash` as alice, then
// `annactl uninstall` as root with the word uninstall typed at its prompt,
// leaves the machine's files, modes, owners and accounts as they were
// before the install, and annad stopped.
func TestUninstall(t *testing.T) {
	if !installer(t) {
		t.Skip("no installer in this tree yet (installer/install.sh and `make release`): scenario 7 needs it")
	}
	s := boot(t, 10*time.Minute)
	// The release server and one login of alice with sudo come first, so
	// what they leave is in both listings.
	url := localRelease(s)
	s.must(as("alice", "sudo true"))
	before := s.must(machineState)

	s.must(as("alice", "curl -sSfL "+url+"/install.sh | ANNA_RELEASE_URL="+url+" bash"))
	waitSocket(s)
	if out := s.must(machineState); out == before {
		t.Fatal("the install changed nothing the listing sees: the listing is blind")
	}

	s.send(`echo __BEG""IN__; annactl uninstall; echo "__R""C=$?__"` + "\r")
	s.expect(beginMark, step)
	plan := s.expect(uninstallPrompt, step)
	s.send("uninstall\r")
	out := s.expect(rcMark, 2*step)
	s.expect(promptRe, step)
	out = strings.ReplaceAll(plan+out, "\r", "")
	if rc := rcMark.FindStringSubmatch(out); rc == nil || rc[1] != "0" {
		t.Errorf("annactl uninstall did not exit 0:\n%s", out)
	}
	if !strings.Contains(out, "annad is stopping") {
		t.Errorf("annactl uninstall did not say annad is stopping:\n%s", out)
	} else {
		// annad stops its socket and itself through systemd after it
		// answered. Each systemctl call takes a good part of a second
		// under emulation: the wait is bounded in time, not in rounds.
		s.run("timeout 60 sh -c 'while systemctl is-active --quiet annad.service annad.socket; do sleep 0.2; done'", step)
	}
	for _, u := range []string{"annad.socket", "annad.service"} {
		if st, _ := s.run("systemctl is-active "+u, step); strings.TrimSpace(st) == "active" {
			t.Errorf("%s is still active after uninstall", u)
		}
	}
	after := s.must(machineState)
	if d := diffLines(before, after); d != "" {
		t.Fatalf("uninstall left the machine different from before the install (- before, + after):\n%s\nannactl said:\n%s", d, out)
	}
}

// diffLines lists the lines only in a (-) or only in b (+), in order.
func diffLines(a, b string) string {
	count := func(s string) map[string]int {
		m := map[string]int{}
		for _, l := range strings.Split(s, "\n") {
			m[l]++
		}
		return m
	}
	ca, cb := count(a), count(b)
	var d strings.Builder
	for _, l := range strings.Split(a, "\n") {
		if cb[l] < ca[l] {
			d.WriteString("- " + l + "\n")
			ca[l]--
		}
	}
	ca = count(a)
	for _, l := range strings.Split(b, "\n") {
		if ca[l] < cb[l] {
			d.WriteString("+ " + l + "\n")
			cb[l]--
		}
	}
	return d.String()
}

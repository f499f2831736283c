package installer

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// user sets up who runs install.sh and returns its environment and the
// user it should add to group anna. Root runs the root path with
// SUDO_USER=alice; a user runs the sudo path, through a sudo stub that
// logs the command and runs it as the same user (as root, the test runs
// it as nobody).
func (h *harness) user() (env []string, name string) {
	if os.Geteuid() == 0 && !h.sudo {
		return []string{"SUDO_USER=alice"}, "alice"
	}
	h.stub("sudo", `exec "$@"`)
	if os.Geteuid() == 0 {
		h.runAsNobody()
		return nil, "nobody"
	}
	return nil, strings.TrimSpace(mustOutput(h.t, "id", "-un"))
}

// Both ways in: as root, and as a user through sudo.
func TestInstallThenRunAgain(t *testing.T) {
	for _, sudo := range []bool{false, true} {
		name := map[bool]string{false: "as root", true: "through sudo"}[sudo]
		t.Run(name, func(t *testing.T) {
			if !sudo && os.Geteuid() != 0 {
				t.Skip("the root path needs root")
			}
			h := newHarness(t)
			h.sudo = sudo
			installThenRunAgain(t, h)
		})
	}
}

// The first run installs every file with its mode, creates the group and
// adds the user, enables and starts the units, gets an answer from the
// real annad, and lists exactly what it created in the manifest. A second
// run changes nothing: same files, modes and times, no privileged command.
func installThenRunAgain(t *testing.T, h *harness) {
	env, user := h.user()
	code, out, errOut := h.run(env...)
	if code != 0 {
		t.Fatalf("install.sh exited %d:\n%s\n%s\nannad: %s", code, out, errOut, h.annadLog())
	}
	t.Logf("first run:\n%s", out)
	for _, want := range []string{"added " + user + " to group anna", "newgrp anna", "pulls ", "pins no Ollama archive", "done: annad answers"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	bins := map[string]string{"annad": "", "annactl": ""}
	// annad imports the manifest into its ledger when it starts, and
	// renames it: both are annad's, made before it answered.
	wantFiles := map[string]os.FileMode{"var/lib/anna/ledger.json": 0o600}
	imported := h.importedManifest()
	wantFiles[imported] = 0o600
	for b := range bins {
		data, err := os.ReadFile(filepath.Join(h.dist, b+"-linux-"+runtime.GOARCH))
		must(t, err)
		bins[b] = string(data)
		wantFiles["usr/local/bin/"+b] = 0o755
	}
	for _, f := range Files() {
		if f.Target != "" {
			wantFiles[f.Target[1:]] = f.Mode
		}
	}
	snap := h.snapshot()
	for p, mode := range wantFiles {
		if snap[p].mode != mode {
			t.Errorf("%s: mode %v, want %v", p, snap[p].mode, mode)
		}
	}
	for _, d := range []string{"var/lib/anna/", "etc/anna/"} {
		if want := map[string]os.FileMode{"var/lib/anna/": 0o700, "etc/anna/": 0o755}[d] | os.ModeDir; snap[d].mode != want {
			t.Errorf("%s: mode %v, want %v", d, snap[d].mode, want)
		}
	}
	for p, e := range snap {
		if _, ok := wantFiles[p]; !ok && !strings.HasSuffix(p, "/") {
			t.Errorf("unexpected file %s (%v)", p, e.mode)
		}
	}
	for _, f := range Files() {
		if f.Target != "" && !sameFile(t, filepath.Join(h.root, f.Target), string(f.Data)) {
			t.Errorf("%s is not the released %s", f.Target, f.Name)
		}
	}
	for b, data := range bins {
		if !sameFile(t, filepath.Join(h.root, "usr/local/bin", b), data) {
			t.Errorf("/usr/local/bin/%s is not the released binary", b)
		}
	}
	wantCmds := []string{"getent group anna", "groupadd --system anna", "getent group anna",
		"usermod -a -G anna " + user, "systemctl is-active --quiet annad.service annad.socket",
		"systemctl daemon-reload", "systemctl is-enabled --quiet annad.socket", "systemctl enable annad.socket",
		"systemctl is-enabled --quiet annad.service", "systemctl enable annad.service",
		"systemctl start annad.socket annad.service"}
	if got := h.privileged(); !reflect.DeepEqual(got, wantCmds) {
		t.Errorf("commands:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantCmds, "\n"))
	}
	h.checkManifest(user)

	code, out, errOut = h.run(env...)
	if code != 0 {
		t.Fatalf("second install.sh exited %d:\n%s\n%s", code, out, errOut)
	}
	if again := h.snapshot(); !reflect.DeepEqual(again, snap) {
		t.Errorf("the second run changed the machine:\n%s", diffSnap(snap, again))
	}
	wantCmds = []string{"getent group anna", "getent group anna",
		"systemctl is-active --quiet annad.service annad.socket", "systemctl is-enabled --quiet annad.socket",
		"systemctl is-enabled --quiet annad.service", "systemctl start annad.socket annad.service"}
	if got := h.privileged(); !reflect.DeepEqual(got, wantCmds) {
		t.Errorf("second run's commands:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantCmds, "\n"))
	}
	if strings.Contains(out, "newgrp") || !strings.Contains(out, "keeping your /etc/anna/config.toml") {
		t.Errorf("second run's output:\n%s", out)
	}
}

// privileged returns the stubbed commands since the last call; through
// sudo, every one must have been run by sudo, and sudo's own lines are
// dropped.
func (h *harness) privileged() []string {
	var got []string
	lines := h.commands()
	for i, c := range lines {
		if rest, ok := strings.CutPrefix(c, "sudo "); ok {
			if i+1 >= len(lines) || lines[i+1] != rest {
				if !strings.HasPrefix(rest, "env ") && !strings.Contains(rest, "/") {
					h.t.Errorf("sudo %q did not run a stubbed command", rest)
				}
			}
			continue
		}
		if h.sudo && !strings.HasPrefix(c, "getent ") && (i == 0 || lines[i-1] != "sudo "+c) {
			h.t.Errorf("%q ran without sudo", c)
		}
		got = append(got, c)
	}
	return got
}

// importedManifest names the manifest annad imported and renamed,
// relative to the root; exactly one must exist.
func (h *harness) importedManifest() string {
	h.t.Helper()
	found, err := filepath.Glob(filepath.Join(h.root, ManifestPath+".imported-*"))
	must(h.t, err)
	if len(found) != 1 {
		h.t.Fatalf("annad imported %d manifests, want 1: %q (annad: %s)", len(found), found, h.annadLog())
	}
	rel, err := filepath.Rel(h.root, found[0])
	must(h.t, err)
	return rel
}

func (h *harness) checkManifest(user string) {
	t := h.t
	data, err := os.ReadFile(filepath.Join(h.root, h.importedManifest()))
	must(t, err)
	m, err := ParseManifest(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	var got []string
	for _, e := range m.Entries {
		got = append(got, e.Kind+" "+e.Target)
		if e.Kind == "file" {
			b, err := os.ReadFile(filepath.Join(h.root, e.Target))
			must(t, err)
			if s := sha256.Sum256(b); e.Detail != "sha256:"+hex.EncodeToString(s[:]) {
				t.Errorf("manifest: %s has %s, not its content's digest", e.Target, e.Detail)
			}
		}
		if e.Kind == "group_member" && e.Detail != user {
			t.Errorf("manifest: group_member %q, want %q", e.Detail, user)
		}
	}
	want := []string{"dir /var/lib/anna", "dir /etc/anna", "file /usr/local/bin/annad", "file /usr/local/bin/annactl",
		"group anna", "group_member anna"}
	// The directories a file needs are created (and recorded) just
	// before it, top down.
	made := map[string]bool{"/var/lib/anna": true, "/etc/anna": true}
	for _, d := range []string{"/etc", "/var/lib", "/usr/local/bin", "/usr/local/lib", "/usr/share"} {
		for ; d != "/"; d = filepath.Dir(d) {
			made[d] = true
		}
	}
	for _, f := range Files() {
		if f.Target == "" {
			continue
		}
		var dirs []string
		for d := filepath.Dir(f.Target); !made[d]; d = filepath.Dir(d) {
			dirs = append([]string{d}, dirs...)
			made[d] = true
		}
		for _, d := range dirs {
			want = append(want, "dir "+d)
		}
		want = append(want, "file "+f.Target)
	}
	want = append(want, "unit_enabled annad.socket", "unit_enabled annad.service")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("manifest entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func (h *harness) annadLog() string {
	b, _ := os.ReadFile(filepath.Join(h.state, "annad.log"))
	return string(b)
}

func sameFile(t *testing.T, path, want string) bool {
	b, err := os.ReadFile(path)
	return err == nil && string(b) == want
}

func diffSnap(a, b map[string]entry) string {
	var out []string
	for p, e := range a {
		if b[p] != e {
			out = append(out, fmt.Sprintf("%s: %+v → %+v", p, e, b[p]))
		}
	}
	for p, e := range b {
		if _, ok := a[p]; !ok {
			out = append(out, fmt.Sprintf("%s: new %+v", p, e))
		}
	}
	return strings.Join(out, "\n")
}

func sha256hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

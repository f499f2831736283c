package installer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// scriptTools are the programs install.sh may run besides the stubbed
// privileged ones; the test's PATH holds only these, so a tool the script
// does not declare fails the test.
var scriptTools = []string{"bash", "env", "cat", "chmod", "cmp", "cut", "dirname", "grep", "head",
	"id", "install", "mkdir", "mktemp", "mv", "rm", "sed", "sleep", "tr", "uname", "curl", "sha256sum",
	"touch"} // touch: the stubs only

// stubs replace the commands that change the machine. Each logs its argv
// to $ANNA_STUB_STATE/commands and keeps its state there: the group file,
// enabled and active units. systemctl starts the installed annad for real
// on the root's socket, so install.sh's `annactl status` talks to it.
var stubs = map[string]string{
	"getent": `[ "$1" = group ] || exit 2
grep "^$2:" "$ANNA_STUB_STATE/group" || exit 2`,
	"groupadd": `[ "$1 $2" = "--system anna" ] || exit 9
echo "anna:x:999:" >>"$ANNA_STUB_STATE/group"`,
	"usermod": `[ "$1 $2 $3" = "-a -G anna" ] || exit 9
sed -i "s/^anna:x:999:\(.\+\)$/&,$4/; s/^anna:x:999:$/&$4/" "$ANNA_STUB_STATE/group"`,
	"systemctl": `s=$ANNA_STUB_STATE r=$ANNA_INSTALL_ROOT
running() { [ -f "$s/annad.pid" ] && kill -0 "$(cat "$s/annad.pid")" 2>/dev/null; }
stop() {
	running || return 0
	pid=$(cat "$s/annad.pid"); kill "$pid"
	for i in $(seq 600); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done; exit 9
}
start() {
	running && return 0
	"$r/usr/local/bin/annad" --socket "$r/run/anna/anna.sock" --state-dir "$r/var/lib/anna" \
		--config "$r/etc/anna/config.toml" </dev/null >>"$s/annad.log" 2>&1 &
	echo $! >"$s/annad.pid"
}
verb=$1; shift; [ "$1" = --quiet ] && shift
mkdir -p "$s/enabled" "$s/active"
case $verb in
is-active) for u; do [ -e "$s/active/$u" ] && exit 0; done; exit 3 ;;
is-enabled) [ -e "$s/enabled/$1" ] || exit 1 ;;
enable) for u; do touch "$s/enabled/$u"; done ;;
daemon-reload) ;;
start) for u; do touch "$s/active/$u"; done; start ;;
restart) for u; do touch "$s/active/$u"; done; stop; start ;;
*) exit 9 ;;
esac`,
}

type harness struct {
	t      *testing.T
	root   string // ANNA_INSTALL_ROOT
	state  string // the stubs' state and command log
	tmp    string // TMPDIR: install.sh must leave nothing in it
	bin    string // PATH
	dist   string
	served map[string][]byte // overrides of the release's files; nil: 404
	srv    *httptest.Server
	env    []string
	sudo   bool                // the script runs as a user, with sudo
	cred   *syscall.Credential // who runs the script; nil: this process's user
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	h := &harness{t: t, dist: releaseDir(t), served: map[string][]byte{}}
	base := t.TempDir()
	for d, name := range map[*string]string{&h.root: "root", &h.state: "state", &h.tmp: "tmp", &h.bin: "bin"} {
		*d = filepath.Join(base, name)
		must(t, os.Mkdir(*d, 0o755))
	}
	must(t, os.MkdirAll(filepath.Join(h.root, "run/systemd/system"), 0o755))
	// What every Debian-like host has before Anna: install.sh creates and
	// records only the directories below these.
	for _, d := range []string{"etc", "var/lib", "usr/local/bin", "usr/local/lib", "usr/share"} {
		must(t, os.MkdirAll(filepath.Join(h.root, d), 0o755))
	}
	must(t, os.WriteFile(filepath.Join(h.state, "group"), nil, 0o644))
	for _, tool := range scriptTools {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s is not installed", tool)
		}
		must(t, os.Symlink(p, filepath.Join(h.bin, tool)))
	}
	for _, tool := range []string{"kill", "seq"} { // the systemctl stub's
		if p, err := exec.LookPath(tool); err == nil {
			must(t, os.Symlink(p, filepath.Join(h.bin, tool)))
		}
	}
	for name, body := range stubs {
		h.stub(name, body)
	}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/release/")
		data, ok := h.served[name]
		if !ok {
			var err error
			if data, err = os.ReadFile(filepath.Join(h.dist, filepath.Base(name))); err != nil {
				http.NotFound(w, r)
				return
			}
		}
		if data == nil {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(data)
	}))
	t.Cleanup(h.srv.Close)
	t.Cleanup(h.stopAnnad)
	h.env = []string{"PATH=" + h.bin, "HOME=" + h.tmp, "TMPDIR=" + h.tmp, "LC_ALL=C",
		"ANNA_INSTALL_ROOT=" + h.root, "ANNA_STUB_STATE=" + h.state, "ANNA_INSTALL_WAIT=120",
		"ANNA_RELEASE_URL=" + h.srv.URL + "/release/"}
	return h
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// stub writes a command that logs its arguments, then runs body.
func (h *harness) stub(name, body string) {
	script := "#!/bin/bash\necho \"" + name + " $*\" >>\"$ANNA_STUB_STATE/commands\"\n" + body + "\n"
	p := filepath.Join(h.bin, name)
	_ = os.Remove(p)
	must(h.t, os.WriteFile(p, []byte(script), 0o755))
}

// stopAnnad ends the annad the systemctl stub started, by its pid.
func (h *harness) stopAnnad() {
	b, err := os.ReadFile(filepath.Join(h.state, "annad.pid"))
	if err != nil {
		return
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	if pid > 0 && syscall.Kill(pid, syscall.SIGTERM) == nil {
		for i := 0; i < 600 && syscall.Kill(pid, 0) == nil; i++ {
			time.Sleep(50 * time.Millisecond) // a guard on exit, not synchronisation of the test
		}
	}
}

// run runs the release's install.sh as `curl … | bash` would: the script
// on bash's standard input.
func (h *harness) run(extraEnv ...string) (code int, stdout, stderr string) {
	h.t.Helper()
	script, err := os.ReadFile(filepath.Join(h.dist, "install.sh"))
	must(h.t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(h.bin, "bash"))
	cmd.Env = append(append([]string{}, h.env...), extraEnv...)
	cmd.Stdin = bytes.NewReader(script)
	if h.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: h.cred}
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ctx.Err() != nil {
		h.t.Fatalf("install.sh hung:\n%s\n%s", out.String(), errb.String())
	}
	code = cmd.ProcessState.ExitCode()
	if err != nil && code < 0 {
		h.t.Fatal(err)
	}
	leftovers, _ := os.ReadDir(h.tmp)
	if len(leftovers) > 0 {
		h.t.Errorf("install.sh left %d entries in TMPDIR", len(leftovers))
	}
	return code, out.String(), errb.String()
}

// commands returns the stubbed commands run since the last call.
func (h *harness) commands() []string {
	p := filepath.Join(h.state, "commands")
	b, _ := os.ReadFile(p)
	_ = os.Remove(p)
	if len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// entry is what a snapshot keeps of one path under the root.
type entry struct {
	mode  fs.FileMode
	sum   string
	mtime time.Time
}

// snapshot records every path under the root but the socket directory
// (annad's, not the installer's).
func (h *harness) snapshot() map[string]entry {
	h.t.Helper()
	snap := map[string]entry{}
	err := filepath.WalkDir(h.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(h.root, p)
		if rel == "run/anna" {
			return filepath.SkipDir
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		e := entry{mode: fi.Mode(), mtime: fi.ModTime()}
		if fi.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			s := sha256.Sum256(b)
			e.sum = hex.EncodeToString(s[:])
		}
		if !fi.IsDir() {
			snap[rel] = e
		} else {
			snap[rel+"/"] = entry{mode: fi.Mode()} // a directory's mtime moves with temp files
		}
		return nil
	})
	must(h.t, err)
	return snap
}

func mustOutput(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	must(t, err)
	return string(out)
}

// runAsNobody makes the test's directories nobody's and runs install.sh
// as nobody, so that root's test run takes the sudo path too.
func (h *harness) runAsNobody() {
	const nobody = 65534
	base := filepath.Dir(h.root)
	must(h.t, os.Chmod(filepath.Dir(base), 0o755)) // the test's own temp dir
	must(h.t, os.Chmod(base, 0o755))
	for _, d := range []string{h.root, h.state, h.tmp} {
		must(h.t, filepath.WalkDir(d, func(p string, _ fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return os.Lchown(p, nobody, nobody)
		}))
	}
	h.cred = &syscall.Credential{Uid: nobody, Gid: nobody}
	h.sudo = true
}

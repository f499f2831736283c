package cli_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	expect "github.com/Netflix/go-expect"
	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/version"
)

// annactl is the real binary, built once by TestMain into a directory
// every user may enter (the permission test runs it as nobody).
var annactl string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "annactl-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := 1
	if err := build(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
	} else {
		code = m.Run()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

func build(dir string) error {
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return fmt.Errorf("cannot find the module root: %w", err)
	}
	annactl = filepath.Join(dir, "annactl")
	cmd := exec.Command("go", "build", "-o", annactl, "./cmd/annactl")
	cmd.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("cannot build annactl: %v\n%s", err, out)
	}
	return nil
}

// expectTimeout bounds every Expect. It is a hang guard, not a speed
// assertion: a healthy run matches in milliseconds.
const expectTimeout = 20 * time.Second

// term is annactl running on a pseudo-terminal that it has as its
// controlling terminal, so a "\x03" typed into it raises SIGINT.
type term struct {
	t          *testing.T
	c          *expect.Console
	cmd        *exec.Cmd
	exited     chan struct{}
	pts        string // the terminal's device path
	transcript *syncBuffer
}

// syncBuffer records everything annactl wrote, for failure messages.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// testEnv is a clean environment: a fixed TERM, private HOME and state
// directory, and the given socket.
func testEnv(t *testing.T, socket string, extra ...string) []string {
	home := t.TempDir()
	return append([]string{
		"TERM=xterm",
		"HOME=" + home,
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"ANNA_SOCKET=" + socket,
		"PATH=/usr/bin:/bin",
	}, extra...)
}

func spawn(t *testing.T, env []string, args ...string) *term {
	t.Helper()
	return spawnAs(t, nil, env, args...)
}

// spawnAs is spawn with annactl running as cred (nil: the test's user).
func spawnAs(t *testing.T, cred *syscall.Credential, env []string, args ...string) *term {
	t.Helper()
	tr := &syncBuffer{}
	c, err := expect.NewConsole(expect.WithDefaultTimeout(expectTimeout), expect.WithStdout(tr))
	if err != nil {
		t.Fatal(err)
	}
	if err := pty.Setsize(c.Tty(), &pty.Winsize{Rows: 40, Cols: 100}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(annactl, args...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = c.Tty(), c.Tty(), c.Tty()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0, Credential: cred}
	if err := cmd.Start(); err != nil {
		c.Close()
		t.Fatal(err)
	}
	tm := &term{t: t, c: c, cmd: cmd, exited: make(chan struct{}), pts: c.Tty().Name(), transcript: tr}
	go func() {
		_ = cmd.Wait()
		// Our copy of the pts is the last one: closing it makes reads on
		// the master fail, which ends a pending Expect.
		c.Tty().Close()
		close(tm.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-tm.exited:
		default:
			_ = cmd.Process.Kill()
			<-tm.exited
		}
		c.Close()
		if t.Failed() {
			t.Logf("annactl %q wrote:\n%q", args, tr.String())
		}
	})
	return tm
}

// expect waits for s in the output and returns what came before it.
func (tm *term) expect(s string) string {
	tm.t.Helper()
	out, err := tm.c.ExpectString(s)
	if err != nil {
		tm.t.Fatalf("waiting for %q: %v\nread: %q", s, err, out)
	}
	return strings.TrimSuffix(out, s)
}

// waitPrompt waits until liner reads keys itself (ISIG off), so a "\x03"
// sent next is Ctrl-C at the prompt. liner prints the prompt before it
// switches the mode, so seeing the prompt is not enough.
func (tm *term) waitPrompt() {
	tm.t.Helper()
	deadline := time.Now().Add(expectTimeout)
	for time.Now().Before(deadline) {
		select {
		case <-tm.exited:
			tm.t.Fatal("annactl exited while a prompt was expected")
		default:
		}
		if tm.isig() == 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	tm.t.Fatal("the prompt never took over the terminal")
}

// isig reads the terminal's ISIG flag through a fresh handle: the
// console's own pts is closed when annactl exits.
func (tm *term) isig() uint32 {
	tm.t.Helper()
	f, err := os.OpenFile(tm.pts, os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		tm.t.Fatal(err)
	}
	defer f.Close()
	tio, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	if err != nil {
		tm.t.Fatal(err)
	}
	return tio.Lflag & unix.ISIG
}

func (tm *term) send(s string) {
	tm.t.Helper()
	if _, err := tm.c.Send(s); err != nil {
		tm.t.Fatalf("sending %q: %v", s, err)
	}
}

// exitCode waits for annactl to end and returns its exit code.
func (tm *term) exitCode() int {
	tm.t.Helper()
	// Drain the output so annactl never blocks writing to the pty.
	go func() { _, _ = tm.c.ExpectEOF() }()
	select {
	case <-tm.exited:
	case <-time.After(expectTimeout):
		tm.t.Fatal("annactl did not exit")
	}
	return tm.cmd.ProcessState.ExitCode()
}

func TestPTYBogusFlag(t *testing.T) {
	for _, flag := range []string{"--bogus", "-x"} {
		tm := spawn(t, testEnv(t, "/nonexistent"), flag)
		tm.expect("usage: annactl")
		tm.expect("Exit codes: 0 ok")
		if code := tm.exitCode(); code != 2 {
			t.Errorf("%s: exit %d, want 2", flag, code)
		}
	}
}

func TestPTYVersion(t *testing.T) {
	for _, flag := range []string{"-V", "--version"} {
		tm := spawn(t, testEnv(t, "/nonexistent"), flag)
		tm.expect("annactl " + version.String() + "\r\n")
		if code := tm.exitCode(); code != 0 {
			t.Errorf("%s: exit %d, want 0", flag, code)
		}
	}
}

func TestPTYUnreachableDaemon(t *testing.T) {
	socket := filepath.Join(t.TempDir(), "missing.sock")
	for _, args := range [][]string{{"status"}, {"what", "uses", "my", "memory"}, {}} {
		tm := spawn(t, testEnv(t, socket), args...)
		out := tm.expect("sudo systemctl start annad")
		if !strings.Contains(out, "annactl: ") || !strings.Contains(out, "cannot reach annad at "+socket) {
			t.Errorf("%q: no advice in %q", args, out)
		}
		// stderr is a terminal: the message is red unless NO_COLOR.
		if !strings.Contains(out, "\x1b[31m") {
			t.Errorf("%q: message not colored: %q", args, out)
		}
		if code := tm.exitCode(); code != 3 {
			t.Errorf("%q: exit %d, want 3", args, code)
		}
	}
}

func TestPTYNoColorOnErrors(t *testing.T) {
	socket := filepath.Join(t.TempDir(), "missing.sock")
	tm := spawn(t, testEnv(t, socket, "NO_COLOR=1"), "status")
	out := tm.expect("sudo systemctl start annad")
	if strings.Contains(out, "\x1b[") {
		t.Errorf("NO_COLOR set but output has escapes: %q", out)
	}
	if code := tm.exitCode(); code != 3 {
		t.Errorf("exit %d, want 3", code)
	}
}

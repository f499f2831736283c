package daemon_test

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestMain doubles as annad: with ANNA_RUN_ANNAD set the test binary runs
// daemon.Main with the arguments in ANNA_ANNAD_ARGS (separated by \x1f; an
// environment variable cannot hold NUL), so the tests below exercise the
// real entry point, signals and exit codes.
func TestMain(m *testing.M) {
	if os.Getenv("ANNA_RUN_ANNAD") != "" {
		os.Exit(daemon.Main(strings.Split(os.Getenv("ANNA_ANNAD_ARGS"), "\x1f"), os.Stderr))
	}
	os.Exit(m.Run())
}

func annad(env []string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), append(env, "ANNA_RUN_ANNAD=1", "ANNA_ANNAD_ARGS="+strings.Join(args, "\x1f"))...)
	return cmd
}

func TestAnnadRefusesBadInvocations(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(bad, []byte("[daemon]\nmax_connections = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", bad, "--socket", filepath.Join(dir, "s"), "--state-dir", dir}, "annad: cannot load config " + bad + ":2: key daemon.max_connections"},
		{[]string{"--bogus"}, "annad: unknown flag: --bogus\nusage: annad"},
		{[]string{"extra"}, `unexpected argument "extra"`},
	} {
		var stderr bytes.Buffer
		cmd := annad(nil, c.args...)
		cmd.Stderr = &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: %v, stderr %q; want exit 2 and %q", c.args, err, stderr.String(), c.want)
		}
	}
}

// annad tells systemd READY=1 once it serves and STOPPING=1 on SIGTERM,
// then removes its socket and exits 0.
func TestAnnadLifecycleUnderSystemd(t *testing.T) {
	dir := t.TempDir()
	notify := filepath.Join(dir, "notify")
	nc, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: notify, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	sock := filepath.Join(dir, "run", "anna.sock")
	cfg := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(cfg, []byte("[ollama]\nurl = \"http://127.0.0.1:1\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := annad([]string{"NOTIFY_SOCKET=" + notify}, "--config", cfg, "--socket", sock, "--state-dir", filepath.Join(dir, "state"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()

	readNotify := func() string {
		buf := make([]byte, 512)
		_ = nc.SetReadDeadline(time.Now().Add(20 * time.Second))
		n, err := nc.Read(buf)
		if err != nil {
			t.Fatalf("no sd_notify message: %v\nannad: %s", err, stderr.String())
		}
		return string(buf[:n])
	}
	if msg := readNotify(); !strings.HasPrefix(msg, "READY=1\n") || !strings.Contains(msg, "STATUS=serving on "+sock) {
		t.Fatalf("first notification %q", msg)
	}
	// READY means serving: the socket answers at once.
	st, err := rpc.NewClient(sock).Status(ctx(t))
	if err != nil || st.Socket != sock {
		t.Fatalf("status after READY: %+v %v", st, err)
	}
	if fi, err := os.Stat(sock); err != nil || fi.Mode().Perm() != 0o660 {
		t.Fatalf("socket: %v %v", fi, err)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if msg := readNotify(); msg != "STOPPING=1" {
		t.Fatalf("notification on SIGTERM %q", msg)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("annad exited with %v\n%s", err, stderr.String())
	}
	if _, err := os.Stat(sock); !os.IsNotExist(err) {
		t.Fatal("annad left its socket behind")
	}
	for _, want := range []string{"msg=\"annad ready\"", "method=status uid=", "msg=\"annad stopped\""} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, stderr.String())
		}
	}
}

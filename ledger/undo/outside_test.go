package undo

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// sandboxed runs f on a thread in its own mount namespace where parent is
// read-only and dir, inside it, a writable mount of its own: how
// annad.service sees /var/lib and /var/lib/anna. The thread is never
// unlocked, so it ends with f and its namespace; the rest of the test,
// the fake systemd's commands included, stays on the host's mounts.
func sandboxed(t *testing.T, parent, dir string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		steps := []struct {
			what string
			do   func() error
		}{
			{"unshare", func() error { return unix.Unshare(unix.CLONE_NEWNS) }},
			{"make / private", func() error { return unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, "") }},
			{"bind dir", func() error { return unix.Mount(dir, dir, "", unix.MS_BIND, "") }},
			{"bind parent", func() error { return unix.Mount(parent, parent, "", unix.MS_BIND|unix.MS_REC, "") }},
			{"make parent read-only", func() error {
				return unix.Mount("", parent, "", unix.MS_REMOUNT|unix.MS_BIND|unix.MS_RDONLY, "")
			}},
		}
		for _, s := range steps {
			if err := s.do(); err != nil {
				done <- errors.Join(errors.New("setup: "+s.what), err)
				return
			}
		}
		done <- f()
	}()
	return <-done
}

// Removing the state directory inside the sandbox empties it there and
// leaves the directory itself, in a read-only parent, to rmdir run by
// systemd outside; without Outside the error says why.
func TestRemoveDirFallsBackToSystemd(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("a mount namespace needs root")
	}
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		t.Skipf("no dbus-daemon: %v", err)
	}
	parent := t.TempDir()
	dir := filepath.Join(parent, "anna")
	if err := os.MkdirAll(filepath.Join(dir, "models"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ledger.json"), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	// dbus-daemon dies with the thread that started it (Pdeathsig), and
	// sandboxed ends the thread it ran on: start the bus on a thread kept
	// locked, so no sandbox ever runs on it, until the test ends.
	started, release := make(chan *dbustest.Bus), make(chan struct{})
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		started <- dbustest.New(t)
		<-release
	}()
	bus := <-started
	t.Cleanup(func() { close(release) })
	fake := bus.Systemd(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	err = sandboxed(t, parent, dir, func() error { return HostFiles{}.RemoveDir(dir, true) })
	firstErr := err
	if err == nil || strings.HasPrefix(err.Error(), "setup") {
		if err != nil {
			t.Skipf("no mount namespace here: %v", err)
		}
		t.Fatal("the sandbox removed a directory in a read-only parent")
	}
	if _, err := os.Stat(filepath.Join(dir, "ledger.json")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the content was not removed inside (%v): %v", firstErr, err)
	}
	if err := sandboxed(t, parent, dir, func() error {
		return HostFiles{Outside: Systemd{Conn: conn}}.RemoveDir(dir, true)
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("%s is still there: %v", dir, err)
	}
	if jobs := fake.Jobs(); len(jobs) != 1 || !strings.HasSuffix(jobs[0], "/rmdir -- "+dir) {
		t.Fatalf("jobs %q", jobs)
	}
}

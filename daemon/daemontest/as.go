package daemontest

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// ClientAs returns a client whose connection the kernel attributes to uid,
// closed when t ends. SO_PEERCRED records the effective uid of the thread
// that connects, so the client connects from an OS thread of its own whose
// effective uid is set to uid (its gid stays root's, which in a test daemon
// is the socket's group); that thread is retired afterwards, so nothing
// else in the test runs as uid. It needs root and skips without it.
func (d *Daemon) ClientAs(t testing.TB, uid uint32) *rpc.Client {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to connect as another uid")
	}
	// The test's temporary directories are private to root.
	for dir := filepath.Dir(d.Socket); dir != os.TempDir() && dir != "/"; dir = filepath.Dir(dir) {
		if err := os.Chmod(dir, 0o711); err != nil {
			t.Fatal(err)
		}
	}
	c := d.Client(t)
	errc := make(chan error, 1)
	go func() {
		// Never unlocked: the thread ends with this goroutine.
		runtime.LockOSThread()
		noChange := ^uintptr(0)
		if _, _, e := syscall.RawSyscall(syscall.SYS_SETRESUID, noChange, uintptr(uid), noChange); e != 0 {
			errc <- e
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err := c.Status(ctx) // dials on this thread
		errc <- err
	}()
	if err := <-errc; err != nil {
		t.Fatalf("daemontest: cannot connect as uid %d: %v", uid, err)
	}
	return c
}

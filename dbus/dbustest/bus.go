// Package dbustest runs a private dbus-daemon for tests and exports fake
// services on it, so D-Bus clients are tested over a real bus: real
// authentication, real marshalling, real error replies and real timeouts.
package dbustest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	annadbus "github.com/jjgarcianorway/anna-assistant/dbus"
)

// startTimeout bounds how long dbus-daemon may take to print its address.
const startTimeout = 10 * time.Second

// maxSocketPath is the usable length of sockaddr_un.sun_path.
const maxSocketPath = 107

// config lets every connection own any name and call anything: the bus is
// private to one test, and policy is not what is under test.
const config = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>custom</type>
  <listen>unix:path=%s</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_type="method_call"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow receive_sender="*"/>
    <allow eavesdrop="true"/>
  </policy>
</busconfig>
`

// Bus is a private dbus-daemon that lives as long as the test that started
// it.
type Bus struct {
	// Address is the bus address, e.g. "unix:path=/tmp/…/bus,guid=…".
	Address string
}

// Object is one object to export on the bus.
type Object struct {
	Path      dbus.ObjectPath
	Interface string
	// Value's exported methods whose last result is *dbus.Error become the
	// interface's D-Bus methods (see dbus.Conn.Export).
	Value any
}

// New starts a private dbus-daemon and stops it when t ends. It skips the
// test when dbus-daemon is not installed (Debian package dbus).
//
// The daemon also dies with the thread that started it (Pdeathsig is per
// thread): a test that ends a goroutine while it holds
// runtime.LockOSThread, e.g. after switching namespaces, may kill it.
func New(t testing.TB) *Bus {
	t.Helper()
	daemon, err := exec.LookPath("dbus-daemon")
	if err != nil {
		t.Skipf("cannot run a private bus: dbus-daemon is not installed (Debian package dbus): %v", err)
	}
	dir := t.TempDir()
	socket := filepath.Join(dir, "bus")
	if len(socket) > maxSocketPath {
		short, err := os.MkdirTemp("", "dbus")
		if err != nil {
			t.Fatalf("cannot create a socket directory: %v", err)
		}
		t.Cleanup(func() { _ = os.RemoveAll(short) })
		socket = filepath.Join(short, "bus")
	}
	cfg := filepath.Join(dir, "bus.conf")
	if err := os.WriteFile(cfg, fmt.Appendf(nil, config, socket), 0o600); err != nil {
		t.Fatalf("cannot write the bus configuration: %v", err)
	}

	// The daemon lives until the test's cleanup cancels life; Pdeathsig stops
	// it even if the test binary dies without cleaning up.
	life, stop := context.WithCancel(context.Background())
	cmd := exec.CommandContext(life, daemon, "--config-file="+cfg, "--nofork", "--nopidfile", "--print-address")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	cmd.WaitDelay = time.Second
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		stop()
		t.Fatalf("cannot pipe dbus-daemon's output: %v", err)
	}
	if err := cmd.Start(); err != nil {
		stop()
		t.Fatalf("cannot start dbus-daemon: %v", err)
	}
	t.Cleanup(func() {
		stop()
		_ = cmd.Wait()
	})

	address, err := readAddress(out, startTimeout)
	if err != nil {
		stop()
		_ = cmd.Wait() // stderr is complete only after Wait
		t.Fatalf("cannot start dbus-daemon: %v (stderr: %q)", err, stderr.String())
	}
	return &Bus{Address: address}
}

// readAddress waits for the first line dbus-daemon prints, its address.
func readAddress(out io.Reader, timeout time.Duration) (string, error) {
	line := make(chan string, 1)
	failed := make(chan error, 1)
	go func() {
		s, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			failed <- fmt.Errorf("no address printed: %w", err)
			return
		}
		line <- strings.TrimSpace(s)
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case s := <-line:
		if s == "" {
			return "", errors.New("empty address printed")
		}
		return s, nil
	case err := <-failed:
		return "", err
	case <-timer.C:
		return "", fmt.Errorf("no address printed within %v", timeout)
	}
}

// Conn opens a private, authenticated connection to the bus and closes it
// when t ends.
func (b *Bus) Conn(t testing.TB) *dbus.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	conn, err := annadbus.Open(ctx, b.Address)
	if err != nil {
		t.Fatalf("cannot connect to the private bus: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// Export opens a connection that owns name and serves objects on it, and
// returns it; it is closed when t ends. It fails the test when the name is
// already owned.
func (b *Bus) Export(t testing.TB, name string, objects ...Object) *dbus.Conn {
	t.Helper()
	conn := b.Conn(t)
	for _, o := range objects {
		if err := conn.Export(o.Value, o.Path, o.Interface); err != nil {
			t.Fatalf("cannot export %s at %s: %v", o.Interface, o.Path, err)
		}
	}
	// The objects are exported before the name is owned, so no caller sees
	// the name without them. The bus's NameAcquired signal, handled before
	// the reply, makes godbus accept calls addressed to the name.
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	var reply dbus.RequestNameReply
	err := conn.BusObject().CallWithContext(ctx, "org.freedesktop.DBus.RequestName", 0, name, dbus.NameFlagDoNotQueue).Store(&reply)
	if err != nil {
		t.Fatalf("cannot own %s: %v", name, err)
	}
	if reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("cannot own %s: the bus answered %v", name, reply)
	}
	return conn
}

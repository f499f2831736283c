package systemd_test

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

var units = []systemd.Unit{
	{Name: "ssh.service", Description: "OpenBSD Secure Shell server", LoadState: "loaded", ActiveState: "active", SubState: "running"},
	{Name: "nginx.service", Description: "A high performance web server", LoadState: "loaded", ActiveState: "failed", SubState: "failed"},
	{Name: "backup.timer", Description: "Nightly backup", LoadState: "loaded", ActiveState: "failed", SubState: "failed", JobID: 42, JobType: "start", JobPath: "/org/freedesktop/systemd1/job/42"},
	{Name: "ghost.service", Description: "ghost.service", LoadState: "not-found", ActiveState: "inactive", SubState: "dead"},
}

func connect(t *testing.T, bus *dbustest.Bus) *systemd.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func TestListUnitsFilteredByFailed(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t, units...)
	c := connect(t, bus)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, err := c.ListUnitsFilteredContext(ctx, []string{"failed"})
	if err != nil {
		t.Fatal(err)
	}
	want := []systemd.Unit{units[1], units[2]}
	want[0].Path, want[0].JobPath = "/org/freedesktop/systemd1/unit/nginx_2eservice", "/"
	want[1].Path = "/org/freedesktop/systemd1/unit/backup_2etimer"
	if !slices.Equal(got, want) {
		t.Errorf("units =\n%+v\nwant\n%+v", got, want)
	}
	if calls := fake.Calls(); len(calls) != 1 || !slices.Equal(calls[0], []string{"failed"}) {
		t.Errorf("the manager saw calls %q, want one with [failed]", calls)
	}
}

func TestListUnitsFilteredEmpty(t *testing.T) {
	bus := dbustest.New(t)
	bus.Systemd(t)
	c := connect(t, bus)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, err := c.ListUnitsFilteredContext(ctx, []string{"failed"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Errorf("units = %+v, want none", got)
	}
}

func TestListUnitsFilteredNilStatesListsAll(t *testing.T) {
	bus := dbustest.New(t)
	bus.Systemd(t, units...)
	c := connect(t, bus)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, err := c.ListUnitsFilteredContext(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(units) {
		t.Errorf("got %d units, want %d", len(got), len(units))
	}
}

func TestListUnitsFilteredDBusErrorPropagates(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t, units...)
	fake.Fail("org.freedesktop.DBus.Error.AccessDenied", "denied by test")
	c := connect(t, bus)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := c.ListUnitsFilteredContext(ctx, []string{"failed"})
	var dbusErr dbus.Error
	if !errors.As(err, &dbusErr) {
		t.Fatalf("error %v is not a dbus.Error", err)
	}
	if dbusErr.Name != "org.freedesktop.DBus.Error.AccessDenied" {
		t.Errorf("error name = %q", dbusErr.Name)
	}
	if !strings.HasPrefix(err.Error(), "cannot list systemd units") || !strings.Contains(err.Error(), "denied by test") {
		t.Errorf("error %q does not say what failed and why", err)
	}
}

func TestListUnitsFilteredHonorsDeadline(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t, units...)
	fake.Delay(time.Hour)
	c := connect(t, bus)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := c.ListUnitsFilteredContext(ctx, []string{"failed"})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error = %v, want a deadline error", err)
	}
	// The connection stays usable after a call timed out.
	fake.Delay(0)
	ctx2, cancel2 := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel2()
	if _, err := c.ListUnitsFilteredContext(ctx2, []string{"failed"}); err != nil {
		t.Errorf("call after a timeout: %v", err)
	}
}

func TestConnectToMissingSocketFails(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	address := "unix:path=" + filepath.Join(t.TempDir(), "missing")
	_, err := systemd.Connect(ctx, address)
	if err == nil {
		t.Fatal("Connect to a missing socket succeeded")
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Connect waited for its deadline instead of failing: %v", err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "cannot connect to D-Bus at "+address) || !strings.Contains(msg, "no such file or directory") {
		t.Errorf("error %q does not name the address and the cause", msg)
	}
}

// A peer that accepts but never answers the handshake must not hang Connect.
func TestConnectHonorsDeadlineDuringHandshake(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mute")
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := l.Accept()
		if err == nil {
			accepted <- c
		}
	}()
	t.Cleanup(func() {
		select {
		case c := <-accepted:
			_ = c.Close()
		default:
		}
	})

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = systemd.Connect(ctx, "unix:path="+path)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error = %v, want a deadline error", err)
	}
}

func TestConnectWithEndedContext(t *testing.T) {
	bus := dbustest.New(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := systemd.Connect(ctx, bus.Address); !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want context.Canceled", err)
	}
}

func TestCloseTwice(t *testing.T) {
	bus := dbustest.New(t)
	c := connect(t, bus)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := c.ListUnitsFilteredContext(ctx, nil); err == nil {
		t.Error("a call on a closed connection succeeded")
	}
}

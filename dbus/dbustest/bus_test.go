package dbustest

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

type echo struct{}

func (echo) Echo(s string) (string, *dbus.Error) { return "echo: " + s, nil }

func (echo) Refuse() *dbus.Error {
	return dbus.NewError("org.example.Error.Refused", []any{"no"})
}

func TestExportedObjectAnswersOverTheBus(t *testing.T) {
	bus := New(t)
	if !strings.HasPrefix(bus.Address, "unix:path=") || !strings.Contains(bus.Address, "guid=") {
		t.Fatalf("address %q is not a unix bus address with a guid", bus.Address)
	}
	bus.Export(t, "org.example.Echo", Object{Path: "/org/example/Echo", Interface: "org.example.Echo", Value: echo{}})

	client := bus.Conn(t)
	obj := client.Object("org.example.Echo", "/org/example/Echo")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	var got string
	if err := obj.CallWithContext(ctx, "org.example.Echo.Echo", 0, "hi").Store(&got); err != nil {
		t.Fatal(err)
	}
	if got != "echo: hi" {
		t.Errorf("Echo = %q, want %q", got, "echo: hi")
	}

	err := obj.CallWithContext(ctx, "org.example.Echo.Refuse", 0).Err
	var dbusErr dbus.Error
	if !errors.As(err, &dbusErr) || dbusErr.Name != "org.example.Error.Refused" {
		t.Errorf("Refuse error = %v, want org.example.Error.Refused", err)
	}
}

func TestNameCanBeOwnedOnce(t *testing.T) {
	bus := New(t)
	bus.Export(t, "org.example.Once")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var reply dbus.RequestNameReply
	err := bus.Conn(t).BusObject().CallWithContext(ctx, "org.freedesktop.DBus.RequestName", 0,
		"org.example.Once", dbus.NameFlagDoNotQueue).Store(&reply)
	if err != nil {
		t.Fatal(err)
	}
	if reply != dbus.RequestNameReplyExists {
		t.Errorf("second owner got %v, want %v", reply, dbus.RequestNameReplyExists)
	}
}

// The daemon must not outlive the test that started it.
func TestDaemonStopsWithTheTest(t *testing.T) {
	var address string
	ran := t.Run("bus", func(t *testing.T) {
		address = New(t).Address
	})
	if ran && address == "" {
		t.Skip("skipping: no bus was started (dbus-daemon is not installed)")
	}
	if address == "" {
		t.Fatal("no bus was started")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := dbus.Connect(address, dbus.WithContext(ctx)); err == nil {
		t.Errorf("the bus at %s still answers after its test ended", address)
	}
	path := strings.TrimPrefix(strings.Split(address, ",")[0], "unix:path=")
	if out, err := exec.CommandContext(ctx, "pgrep", "-f", path).Output(); err == nil {
		t.Errorf("dbus-daemon still runs: pids %s", out)
	}
}

func TestUnitPathEscapesLikeSystemd(t *testing.T) {
	for name, want := range map[string]dbus.ObjectPath{
		"ssh.service":           "/org/freedesktop/systemd1/unit/ssh_2eservice",
		"getty@tty1.service":    "/org/freedesktop/systemd1/unit/getty_40tty1_2eservice",
		"systemd-journald.sock": "/org/freedesktop/systemd1/unit/systemd_2djournald_2esock",
	} {
		if got := UnitPath(name); got != want {
			t.Errorf("UnitPath(%q) = %q, want %q", name, got, want)
		}
	}
}

package uninstall

import (
	"context"
	"errors"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/ledger/undo"
)

// The socket is stopped before the service, so no connection can start
// annad again while it stops.
func TestStopUnitsSocketFirst(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := stopUnits(ctx, c); err != nil {
		t.Fatal(err)
	}
	if want := []string{"stop annad.socket replace", "stop annad.service replace"}; !slices.Equal(fake.Jobs(), want) {
		t.Fatalf("jobs %q, want %q", fake.Jobs(), want)
	}
}

// With Transient (annad under systemd) the group tools and package
// managers go to systemd as transient units over the same connection as
// the unit changes; without it annad runs them itself.
func TestTransientCommandsGoThroughSystemd(t *testing.T) {
	if direct := New(Options{}); direct.opt.Backends.Accounts.(undo.Commands).Runner != nil {
		t.Fatalf("without Transient the runner is %T", direct.opt.Backends.Accounts.(undo.Commands).Runner)
	}
	s := New(Options{Transient: true})
	cmds, ok := s.opt.Backends.Packages.(undo.Commands)
	bus, ok2 := cmds.Runner.(*systemBus)
	if !ok || !ok2 || s.opt.Backends.Accounts.(undo.Commands).Runner != bus || s.opt.Backends.Units != bus {
		t.Fatalf("backends %+v", s.opt.Backends)
	}
	groupdel, err := exec.LookPath("/usr/sbin/groupdel")
	if err != nil {
		t.Skipf("no groupdel: %v", err)
	}
	dbusd := dbustest.New(t)
	fake := dbusd.Systemd(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := systemd.Connect(ctx, dbusd.Address)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	bus.conn = c
	// No such group: groupdel fails, as the unit's status tells.
	var ee *systemd.ExitError
	if err := s.opt.Backends.Accounts.DeleteGroup(ctx, "anna-uninstall-test-none"); !errors.As(err, &ee) {
		t.Fatalf("groupdel: %v", err)
	}
	if want := []string{"run " + groupdel + " anna-uninstall-test-none"}; !slices.Equal(fake.Jobs(), want) {
		t.Fatalf("jobs %q, want %q", fake.Jobs(), want)
	}
}

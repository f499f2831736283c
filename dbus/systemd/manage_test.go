package systemd_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
)

func TestStopDisableReload(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	c := connect(t, bus)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	changes, err := c.DisableUnitFilesContext(ctx, []string{"annad.socket", "annad.service"})
	if err != nil || len(changes) != 2 || changes[0].Type != "unlink" {
		t.Fatalf("disable: %+v %v", changes, err)
	}
	if err := c.ReloadContext(ctx); err != nil {
		t.Fatal(err)
	}
	if job, err := c.StopUnitContext(ctx, "annad.socket"); err != nil || job == "" {
		t.Fatalf("stop: %q %v", job, err)
	}
	want := []string{"disable annad.socket annad.service", "reload", "stop annad.socket replace"}
	if got := fake.Jobs(); !slices.Equal(got, want) {
		t.Fatalf("jobs %q, want %q", got, want)
	}
	fake.Fail("org.freedesktop.systemd1.NoSuchUnit", "no such unit")
	_, err = c.StopUnitContext(ctx, "ghost.service")
	var de dbus.Error
	if !errors.As(err, &de) || de.Name != "org.freedesktop.systemd1.NoSuchUnit" || err.Error()[:len("cannot stop ghost.service")] != "cannot stop ghost.service" {
		t.Fatalf("error %v", err)
	}
}

func TestManageHonorsDeadline(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	fake.Delay(time.Hour)
	c := connect(t, bus)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := c.ReloadContext(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("reload: %v", err)
	}
}

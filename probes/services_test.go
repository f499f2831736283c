package probes

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// systemdEnv serves units from a fake systemd1 on a private dbus-daemon
// and connects an Env to it the way annad connects to the system bus.
func systemdEnv(t *testing.T, units ...systemd.Unit) (*Env, *dbustest.Systemd) {
	t.Helper()
	bus := dbustest.New(t)
	fake := bus.Systemd(t, units...)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return &Env{Systemd: conn}, fake
}

func TestFailedServicesOverDBus(t *testing.T) {
	env, fake := systemdEnv(t,
		systemd.Unit{Name: "ssh.service", Description: "OpenBSD Secure Shell server", LoadState: "loaded", ActiveState: "active", SubState: "running"},
		systemd.Unit{Name: "nginx.service", Description: "A high performance web server and a reverse proxy server", LoadState: "loaded", ActiveState: "failed", SubState: "failed"},
		systemd.Unit{Name: "backup-nightly.timer", Description: "Nightly backup", LoadState: "loaded", ActiveState: "failed", SubState: "failed"},
		systemd.Unit{Name: "gone.service", Description: "gone.service", LoadState: "not-found", ActiveState: "failed", SubState: "failed"},
	)
	out := runProbe(t, failedServices, env)
	want := []FailedUnit{
		{"backup-nightly.timer", "loaded", "failed", "failed", "Nightly backup"},
		{"gone.service", "not-found", "failed", "failed", "gone.service"},
		{"nginx.service", "loaded", "failed", "failed", "A high performance web server and a reverse proxy server"},
	}
	if fmt.Sprint(out.Data) != fmt.Sprint(want) {
		t.Errorf("rows = %+v, want %+v", out.Data, want)
	}
	wantStdout := "" +
		"  UNIT                 LOAD      ACTIVE SUB    DESCRIPTION\n" +
		"● backup-nightly.timer loaded    failed failed Nightly backup\n" +
		"● gone.service         not-found failed failed gone.service\n" +
		"● nginx.service        loaded    failed failed A high performance web server and a reverse proxy server\n" +
		"\n" +
		"3 loaded units listed.\n"
	if out.Stdout != wantStdout {
		t.Errorf("Stdout:\n%s\nwant:\n%s", out.Stdout, wantStdout)
	}
	if calls := fake.Calls(); len(calls) != 1 || fmt.Sprint(calls[0]) != "[failed]" {
		t.Errorf("systemd was asked %q, want [failed] once", calls)
	}
}

func TestFailedServicesNone(t *testing.T) {
	env, _ := systemdEnv(t, systemd.Unit{Name: "ssh.service", LoadState: "loaded", ActiveState: "active", SubState: "running"})
	out := runProbe(t, failedServices, env)
	if rows := out.Data.([]FailedUnit); len(rows) != 0 {
		t.Errorf("rows = %+v, want none", rows)
	}
	if want := "  UNIT LOAD ACTIVE SUB DESCRIPTION\n0 loaded units listed.\n"; out.Stdout != want {
		t.Errorf("Stdout:\n%q\nwant:\n%q", out.Stdout, want)
	}
}

func TestFailedServicesSlowSystemdHitsDeadline(t *testing.T) {
	env, fake := systemdEnv(t)
	fake.Delay(time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := failedServices(ctx, env)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error = %v, want a deadline error", err)
	}
}

func TestFailedServicesDBusError(t *testing.T) {
	env, fake := systemdEnv(t)
	fake.Fail("org.freedesktop.DBus.Error.AccessDenied", "Rejected send message")
	ctx, cancel := context.WithTimeout(context.Background(), PerProbeTimeout)
	defer cancel()
	_, err := failedServices(ctx, env)
	var dbusErr dbus.Error
	if !errors.As(err, &dbusErr) || dbusErr.Name != "org.freedesktop.DBus.Error.AccessDenied" {
		t.Errorf("error = %v, want systemd's AccessDenied", err)
	}
}

func TestFailedServicesWithoutSystemBus(t *testing.T) {
	for _, env := range []*Env{nil, {}} {
		_, err := failedServices(context.Background(), env)
		if err == nil || err.Error() != "cannot list failed units: no connection to the systemd system bus" {
			t.Errorf("error = %v", err)
		}
	}
}

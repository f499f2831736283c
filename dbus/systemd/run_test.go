package systemd_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

func lookPath(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("no %s: %v", name, err)
	}
	return p
}

// The argv reaches the program as is (no shell expands "$(x)" or splits
// at the space), the run waits for its end, and the unit is released.
func TestRunRunsTheArgvAndReleasesTheUnit(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	c := connect(t, bus)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	target := filepath.Join(t.TempDir(), "a b;$(x)")
	argv := []string{lookPath(t, "touch"), "--", target}
	if err := c.RunContext(ctx, systemd.Command{Argv: argv, Env: []string{"LC_ALL=C"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(target); err != nil {
		t.Fatalf("the command did not run with its argv: %v", err)
	}
	if jobs := fake.Jobs(); len(jobs) != 1 || jobs[0] != "run "+strings.Join(argv, " ") {
		t.Fatalf("jobs %q", jobs)
	}
	if left := fake.Transient(); len(left) != 0 {
		t.Fatalf("units left to systemd: %q", left)
	}
}

// A failing command and a missing program give an ExitError with the
// status systemd reports, the unit named for the journal; each run has
// its own unit.
func TestRunReportsFailures(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	c := connect(t, bus)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	seen := map[string]bool{}
	for _, tc := range []struct {
		argv   []string
		status int32
	}{
		{[]string{lookPath(t, "false")}, 1},
		{[]string{"/nonexistent/groupdel", "anna"}, 203},
	} {
		err := c.RunContext(ctx, systemd.Command{Argv: tc.argv})
		var ee *systemd.ExitError
		if !errors.As(err, &ee) || ee.Result != "exit-code" || ee.Code != 1 || ee.Status != tc.status {
			t.Fatalf("%q: error %v (%+v)", tc.argv, err, ee)
		}
		if !strings.HasPrefix(err.Error(), "cannot run "+strings.Join(tc.argv, " ")+": ") ||
			!strings.Contains(err.Error(), "journalctl -u "+systemd.RunPrefix) || seen[ee.Unit] {
			t.Fatalf("%q: error %v", tc.argv, err)
		}
		seen[ee.Unit] = true
	}
	if left := fake.Transient(); len(left) != 0 {
		t.Fatalf("failed units left to systemd: %q", left)
	}
	if err := c.RunContext(ctx, systemd.Command{Argv: []string{"groupdel", "anna"}}); err == nil || !strings.Contains(err.Error(), "absolute path") {
		t.Fatalf("a relative program: %v", err)
	}
}

// A command still running at the deadline is stopped and the caller gets
// the context's error.
func TestRunStopsTheUnitAtTheDeadline(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	c := connect(t, bus)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	err := c.RunContext(ctx, systemd.Command{Argv: []string{lookPath(t, "sleep"), "600"}})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "in time") {
		t.Fatalf("error %v", err)
	}
	stopped := false
	for _, j := range fake.Jobs() {
		stopped = stopped || strings.HasPrefix(j, "stop "+systemd.RunPrefix)
	}
	if !stopped {
		t.Fatalf("the unit was not stopped: jobs %q", fake.Jobs())
	}
}

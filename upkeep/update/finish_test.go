package update

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// swapped is the host between annad's swap and its restart: new binaries
// in place, the old ones kept as .prev, PendingFile describing both.
func swapped(t *testing.T) (bin, state string) {
	t.Helper()
	bin, state = t.TempDir(), t.TempDir()
	p := pending{From: "0.1.0", To: "0.2.0"}
	for _, name := range []string{"annactl", "annad"} {
		path, prev := filepath.Join(bin, name), filepath.Join(bin, "."+name+".prev")
		if err := os.WriteFile(path, script(name, "0.2.0"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(prev, script(name, "0.1.0"), 0o755); err != nil {
			t.Fatal(err)
		}
		p.Binaries = append(p.Binaries, pendingBinary{Path: path, Prev: prev, SHA256: sum(script(name, "0.2.0"))})
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, PendingFile), b, 0o600); err != nil {
		t.Fatal(err)
	}
	return bin, state
}

func finishCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// A restart into a new annad that settled and answers with its version
// ends the update: backups and pending file go.
func TestFinishKeepsAnUpdateThatRuns(t *testing.T) {
	bin, state := swapped(t)
	p, _, _ := readPending(filepath.Join(state, PendingFile))
	p.Settled = true
	if err := savePending(state, p); err != nil {
		t.Fatal(err)
	}
	u := &units{}
	f := &Finisher{StateDir: state, Unit: "annad.service", Units: u, Running: func(context.Context) (string, error) { return "0.2.0", nil }}
	msg, err := f.Finish(finishCtx(t))
	if err != nil || msg != "annad restarted into 0.2.0" || len(u.restarts) != 1 {
		t.Fatalf("%q, %v, restarts %q", msg, err, u.restarts)
	}
	if got := snapshot(t, bin); got["annad"] != string(script("annad", "0.2.0")) || len(got) != 2 {
		t.Errorf("bin dir = %q", got)
	}
	if exists(filepath.Join(state, PendingFile)) {
		t.Error("the pending file outlived a kept update")
	}
	if _, err := os.Stat(filepath.Join(state, FailedFile)); err == nil {
		t.Error("a good update was marked failed")
	}
}

// A restart job that fails, or a new annad that then does not answer as
// the new version, puts the old binaries back, starts them, and keeps the
// checker from installing that version again.
func TestFinishRollsBackAFailedRestart(t *testing.T) {
	for _, c := range []struct {
		name    string
		fail    int
		running func(context.Context) (string, error)
	}{
		{"job failed", 1, func(context.Context) (string, error) { return "", errors.New("not reached") }},
		{"exited after start", 0, func(context.Context) (string, error) { return "", errors.New("cannot reach annad") }},
		{"old version answers", 0, func(context.Context) (string, error) { return "0.1.0", nil }},
	} {
		bin, state := swapped(t)
		u := &units{failRestarts: c.fail}
		f := &Finisher{StateDir: state, Unit: "annad.service", Units: u, Running: c.running}
		msg, err := f.Finish(finishCtx(t))
		if err != nil || !strings.HasPrefix(msg, "annad 0.2.0 did not start (") || !strings.HasSuffix(msg, "); rolled back to 0.1.0") {
			t.Errorf("%s: %q, %v", c.name, msg, err)
		}
		got := snapshot(t, bin)
		if len(got) != 2 || got["annad"] != string(script("annad", "0.1.0")) || got["annactl"] != string(script("annactl", "0.1.0")) {
			t.Errorf("%s: bin dir = %q, want the old binaries only", c.name, got)
		}
		if len(u.restarts) != 2 {
			t.Errorf("%s: restarts %q, want the update's and the old binaries'", c.name, u.restarts)
		}
		if p, ok, err := readPending(filepath.Join(state, PendingFile)); err != nil || !ok || !p.RolledBack || p.Reason == "" {
			t.Errorf("%s: pending file after the rollback = %+v, %v, %v; want it marked for the next annad", c.name, p, ok, err)
		}
		ch := &Checker{StateDir: state}
		if !ch.failedBefore("0.2.0") || ch.failedBefore("0.3.0") {
			t.Errorf("%s: the checker would install 0.2.0 again, or refuses 0.3.0", c.name)
		}
	}
}

// Only the backups apply made are restored, and never through a link.
func TestFinishRestoresOnlyItsOwnBackups(t *testing.T) {
	bin, state := swapped(t)
	prev := filepath.Join(bin, ".annad.prev")
	if err := os.Remove(prev); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(t.TempDir(), "evil")
	if err := os.WriteFile(elsewhere, []byte("evil"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, prev); err != nil {
		t.Fatal(err)
	}
	f := &Finisher{StateDir: state, Unit: "annad.service", Units: &units{failRestarts: 1}, Running: func(context.Context) (string, error) { return "", nil }}
	_, err := f.Finish(finishCtx(t))
	if err == nil || !strings.Contains(err.Error(), "not a regular file") || !strings.Contains(err.Error(), "reinstall Anna") {
		t.Errorf("a symlinked backup: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(bin, "annad")); string(b) != string(script("annad", "0.2.0")) {
		t.Errorf("annad was replaced through the link: %q", b)
	}
}

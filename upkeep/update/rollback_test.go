package update

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// finish runs the finisher as the transient unit does once a check
// started it, with u standing for systemd's restarts of annad.
func (f *fixture) finish(t *testing.T, u *units, running func(context.Context) (string, error)) (string, error) {
	t.Helper()
	fin := &Finisher{StateDir: f.state, Unit: "annad.service", Units: u, Running: running}
	return fin.Finish(finishCtx(t))
}

// startAs plays annad version v starting on this host: it settles the
// pending update before it is ready, as annad does. The old version is
// f.c itself (the checker that runs again after a rollback).
func (f *fixture) startAs(t *testing.T, v string) *Checker {
	t.Helper()
	c := f.c
	if v != f.c.Current {
		c = &Checker{Current: v, StateDir: f.state, Ledger: f.ledger}
	}
	if _, err := c.Settle(finishCtx(t)); err != nil {
		t.Errorf("annad %s cannot settle: %v", v, err)
	}
	return c
}

// ledgerMatchesDisk checks that the newest ledger entry of each binary
// names the content on disk, so uninstall removes what is there.
func (f *fixture) ledgerMatchesDisk(t *testing.T) {
	t.Helper()
	for _, bin := range []string{"annactl", "annad"} {
		path := filepath.Join(f.bin, bin)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.ledger.Digest(path); got != sum(b) {
			t.Errorf("the ledger names %s as %s, the disk holds %s (%q)", bin, got, sum(b), b)
		}
	}
}

func exists(path string) bool { _, err := os.Lstat(path); return err == nil }

func oldBinaries() map[string]string {
	return map[string]string{"annad": string(script("annad", "0.1.0")), "annactl": string(script("annactl", "0.1.0"))}
}

// A good update: annad swaps, starts the finisher in a transient unit
// from the kept old annad (the fake systemd really runs it) and does not
// restart itself; the new annad settles, answers with its version, and
// the finisher removes the backups. The ledger names the new binaries.
func TestGoodUpdateIsKept(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	fifo := filepath.Join(t.TempDir(), "argv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() { b, _ := os.ReadFile(fifo); got <- string(b) }()
	old := []byte("#!/bin/sh\n[ \"$1\" = finish-update ] && echo \"$@\" > " + fifo + "\necho annad 0.1.0\n")
	annad := filepath.Join(f.bin, "annad")
	if err := os.WriteFile(annad, old, 0o755); err != nil {
		t.Fatal(err)
	}
	f.ledger.entries[1].SHA256 = sum(old)

	if err := f.check(t); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"annad": string(script("annad", "0.2.0")), "annactl": string(script("annactl", "0.2.0")),
		".annad.prev": string(old), ".annactl.prev": string(script("annactl", "0.1.0"))}
	if got := snapshot(t, f.bin); !maps.Equal(got, want) {
		t.Errorf("bin dir after the swap = %q\nwant %q", got, want)
	}
	args := "finish-update --state-dir " + f.state + " --socket " + f.c.Socket
	if jobs := f.systemd.Jobs(); len(jobs) != 1 || jobs[0] != "run "+filepath.Join(f.bin, ".annad.prev")+" "+args {
		t.Errorf("systemd jobs = %q, want only the finisher's unit, from the kept annad", jobs)
	}
	select {
	case a := <-got:
		if strings.TrimSpace(a) != args {
			t.Errorf("the kept annad ran with %q", a)
		}
	case <-time.After(time.Minute):
		t.Fatal("the finisher's unit never ran the kept annad")
	}
	if st := f.c.Status(); st.Applied != "0.2.0" || st.LastError != "" {
		t.Errorf("status = %+v", st)
	}

	u := &units{onRestart: func(int) { f.startAs(t, "0.2.0") }}
	msg, err := f.finish(t, u, func(context.Context) (string, error) { return "0.2.0", nil })
	if err != nil || msg != "annad restarted into 0.2.0" || len(u.restarts) != 1 {
		t.Fatalf("%q, %v, restarts %q", msg, err, u.restarts)
	}
	delete(want, ".annad.prev")
	delete(want, ".annactl.prev")
	if got := snapshot(t, f.bin); !maps.Equal(got, want) {
		t.Errorf("bin dir = %q, want the new binaries only", got)
	}
	if exists(filepath.Join(f.state, PendingFile)) || exists(filepath.Join(f.state, FailedFile)) {
		t.Error("a kept update left its pending file or was marked failed")
	}
	f.ledgerMatchesDisk(t)
	if f.ledger.len() != 4 {
		t.Errorf("ledger = %+v, want the install's and the update's entries", f.ledger.entries)
	}
}

// A new annad whose start job fails (it exits before it is ready, so it
// never settled): the old binaries come back, update-failed names the
// version, the old annad reports why and never installs it again; the
// ledger needed no change.
func TestFailedStartRollsBack(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	if err := f.check(t); err != nil {
		t.Fatal(err)
	}
	u := &units{failRestarts: 1, onRestart: func(n int) {
		if n == 2 {
			f.startAs(t, "0.1.0")
		}
	}}
	msg, err := f.finish(t, u, func(context.Context) (string, error) {
		t.Error("the finisher asked a unit that did not start")
		return "", nil
	})
	if err != nil || !strings.HasPrefix(msg, "annad 0.2.0 did not start (") || !strings.HasSuffix(msg, "rolled back to 0.1.0") {
		t.Fatalf("%q, %v", msg, err)
	}
	f.rolledBack(t, u, 0)
	if st := f.c.Status(); !strings.Contains(st.LastError, "cannot update to 0.2.0: it did not start (") || !strings.Contains(st.LastError, `result "failed"`) {
		t.Errorf("status after the rollback = %+v", st)
	}
	downloads := f.rel.hits["annad-linux-amd64"]
	if err := f.check(t); err == nil || !strings.Contains(err.Error(), "failed to start on this host") {
		t.Errorf("second check: %v", err)
	}
	if f.rel.hits["annad-linux-amd64"] != downloads || len(f.systemd.Jobs()) != 1 {
		t.Error("the second check tried the failed version again")
	}
	if st := f.c.Status(); !strings.Contains(st.LastError, "failed to start on this host") {
		t.Errorf("status after the second check = %+v", st)
	}
}

// rolledBack checks the host after a rollback and the old annad's start:
// the old binaries only, update-failed, no pending file, a ledger naming
// what is on disk with entries entries beyond the install's.
func (f *fixture) rolledBack(t *testing.T, u *units, entries int) {
	t.Helper()
	if got := snapshot(t, f.bin); !maps.Equal(got, oldBinaries()) {
		t.Errorf("bin dir after the rollback = %q", got)
	}
	if len(u.restarts) != 2 {
		t.Errorf("restarts %q, want the update's and the old binaries'", u.restarts)
	}
	if b, err := os.ReadFile(filepath.Join(f.state, FailedFile)); err != nil || string(b) != "0.2.0\n" {
		t.Errorf("update-failed: %q, %v", b, err)
	}
	if exists(filepath.Join(f.state, PendingFile)) {
		t.Error("the pending file outlived the old annad's start")
	}
	f.ledgerMatchesDisk(t)
	if n := f.ledger.len(); n != 2+entries {
		t.Errorf("ledger = %+v, want %d entries after the install's", f.ledger.entries, entries)
	}
}

// A new annad that starts and settles (the ledger names the new
// binaries), then dies or answers as another version, is rolled back
// from the backups Settle kept; the old annad's start brings the ledger
// back to the old binaries.
func TestSettledThenFailedRollsBack(t *testing.T) {
	for _, c := range []struct {
		name    string
		running func(context.Context) (string, error)
	}{
		{"exited after start", func(context.Context) (string, error) { return "", errors.New("cannot reach annad") }},
		{"wrong version answers", func(context.Context) (string, error) { return "0.2.1", nil }},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := setup(t, "0.1.0", "0.2.0")
			if err := f.check(t); err != nil {
				t.Fatal(err)
			}
			u := &units{onRestart: func(n int) {
				if n == 1 {
					f.startAs(t, "0.2.0")
					f.ledgerMatchesDisk(t)
					if !exists(filepath.Join(f.bin, ".annad.prev")) || !exists(filepath.Join(f.bin, ".annactl.prev")) {
						t.Error("Settle removed the backups before the finisher confirmed")
					}
					return
				}
				f.startAs(t, "0.1.0")
			}}
			msg, err := f.finish(t, u, c.running)
			if err != nil || !strings.HasSuffix(msg, "rolled back to 0.1.0") {
				t.Fatalf("%q, %v", msg, err)
			}
			f.rolledBack(t, u, 4)
			if st := f.c.Status(); !strings.Contains(st.LastError, "rolled back to 0.1.0") {
				t.Errorf("status = %+v", st)
			}
		})
	}
}

// A new annad that answers before it recorded the update (its Settle
// failed): the finisher confirms but leaves the pending file, and the new
// annad's next start records the update and removes it.
func TestConfirmedBeforeSettledIsSettledAtNextStart(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	if err := f.check(t); err != nil {
		t.Fatal(err)
	}
	msg, err := f.finish(t, &units{}, func(context.Context) (string, error) { return "0.2.0", nil })
	if err != nil || !strings.Contains(msg, "not recorded the update") {
		t.Fatalf("%q, %v", msg, err)
	}
	if exists(filepath.Join(f.bin, ".annad.prev")) || !exists(filepath.Join(f.state, PendingFile)) {
		t.Fatal("want the backups gone and the pending file kept")
	}
	f.startAs(t, "0.2.0")
	if exists(filepath.Join(f.state, PendingFile)) {
		t.Error("the next start left the pending file")
	}
	f.ledgerMatchesDisk(t)
}

// While an update is under way, a check neither downloads nor swaps
// again: a second swap would replace the backup of the binary known to
// run with the new one.
func TestNoSecondUpdateWhileOneIsPending(t *testing.T) {
	f := setup(t, "0.1.0", "0.3.0")
	if err := f.check(t); err != nil {
		t.Fatal(err)
	}
	downloads, before := f.rel.hits["annad-linux-amd64"], snapshot(t, f.bin)
	if err := f.check(t); err == nil || !strings.Contains(err.Error(), "is not finished") {
		t.Fatalf("second check: %v", err)
	}
	if f.rel.hits["annad-linux-amd64"] != downloads || len(f.systemd.Jobs()) != 1 || !maps.Equal(snapshot(t, f.bin), before) {
		t.Error("the second check updated again")
	}
}

// When systemd does not start the finisher, annad puts its binaries back
// itself: nothing else would restart it into the new ones or roll back.
func TestFinisherThatCannotStartRollsBack(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	f.systemd.Fail("org.freedesktop.systemd1.UnitExists", "Unit anna-update-finish.service was already loaded")
	err := f.check(t)
	if err == nil || !strings.Contains(err.Error(), "cannot start its finisher, rolled back") {
		t.Fatalf("error = %v", err)
	}
	if got := snapshot(t, f.bin); !maps.Equal(got, oldBinaries()) || exists(filepath.Join(f.state, PendingFile)) {
		t.Errorf("bin dir = %q, or a pending file is left", got)
	}
	if f.ledger.len() != 2 {
		t.Errorf("ledger = %+v", f.ledger.entries)
	}
}

// age makes the pending file older than any finisher can run.
func (f *fixture) age(t *testing.T) {
	t.Helper()
	old := time.Now().Add(-finisherGone - time.Minute)
	if err := os.Chtimes(filepath.Join(f.state, PendingFile), old, old); err != nil {
		t.Fatal(err)
	}
}

// A swap whose finisher never restarted annad (systemd did not run it):
// once no finisher can still be running, the next check puts the
// previous binaries back and says so, and the check after tries again.
func TestSwapWithoutFinisherIsUndoneByALaterCheck(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	// The stand-in old annad exits at once; the next finisher's unit
	// can only start once systemd has forgotten this one's.
	conn := f.bus.Conn(t)
	if err := conn.AddMatchSignal(dbus.WithMatchInterface(systemd.ManagerInterface), dbus.WithMatchMember("JobRemoved")); err != nil {
		t.Fatal(err)
	}
	signals := make(chan *dbus.Signal, 8)
	conn.Signal(signals)
	if err := f.check(t); err != nil {
		t.Fatal(err)
	}
	select {
	case <-signals:
	case <-time.After(time.Minute):
		t.Fatal("the finisher's unit never ended")
	}
	f.age(t)
	if err := f.check(t); err == nil || !strings.Contains(err.Error(), "its finisher never restarted annad") {
		t.Fatalf("error = %v", err)
	}
	if got := snapshot(t, f.bin); !maps.Equal(got, oldBinaries()) || exists(filepath.Join(f.state, PendingFile)) {
		t.Errorf("bin dir = %q, or the pending file stayed", got)
	}
	if err := f.check(t); err != nil || len(f.systemd.Jobs()) != 2 {
		t.Errorf("the next check: %v, systemd jobs %q", err, f.systemd.Jobs())
	}
}

// A new version that settled and starts again long after (its finisher
// was killed before it confirmed) is kept: backups and pending file go.
func TestSettledUpdateWithoutFinisherIsKeptAtALaterStart(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	if err := f.check(t); err != nil {
		t.Fatal(err)
	}
	f.startAs(t, "0.2.0")
	f.startAs(t, "0.2.0") // systemd restarted it while the finisher checks
	if !exists(filepath.Join(f.bin, ".annad.prev")) {
		t.Fatal("a quick second start removed the backups the finisher needs")
	}
	f.age(t)
	f.startAs(t, "0.2.0")
	if exists(filepath.Join(f.bin, ".annad.prev")) || exists(filepath.Join(f.bin, ".annactl.prev")) || exists(filepath.Join(f.state, PendingFile)) {
		t.Errorf("bin dir %q; the pending file or backups stayed", snapshot(t, f.bin))
	}
	f.ledgerMatchesDisk(t)
	if f.ledger.len() != 4 {
		t.Errorf("ledger = %+v, want the update recorded once", f.ledger.entries)
	}
}

// Without an installed annad there is no binary known to run here to
// finish from or fall back to: nothing is downloaded or changed.
func TestUpdateWithoutAnInstalledAnnadIsRefused(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	if err := os.Remove(filepath.Join(f.bin, "annad")); err != nil {
		t.Fatal(err)
	}
	f.unchanged(t, snapshot(t, f.bin), f.check(t), "annad is missing; reinstall Anna")
	if f.rel.hits["annad-linux-amd64"] != 0 || f.rel.hits["annactl-linux-amd64"] != 0 {
		t.Error("the release was downloaded anyway")
	}
}

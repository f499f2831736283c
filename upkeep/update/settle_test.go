package update

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// annad restarting itself ends the process that swapped the binaries: at
// the restart, the pending file must say enough for the new annad to
// finish, and Settle must finish it.
func TestUpdateAcrossOwnRestart(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	f.c.StateDir = t.TempDir()
	var atRestart map[string]string
	var settled string
	f.units.onRestart = func() {
		atRestart = snapshot(t, f.bin)
		// What the new annad does at start, before the old one returns.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		msg, err := Settle(ctx, f.c.StateDir, "0.2.0", f.ledger)
		if err != nil {
			t.Error(err)
		}
		settled = msg
	}
	if err := f.check(t); err != nil {
		t.Fatal(err)
	}
	if atRestart[".annad.prev"] != string(script("annad", "0.1.0")) || atRestart["annad"] != string(script("annad", "0.2.0")) {
		t.Errorf("at the restart the bin dir was %q", atRestart)
	}
	if settled != "updated from 0.1.0 to 0.2.0" {
		t.Errorf("Settle said %q", settled)
	}
	if got := snapshot(t, f.bin); len(got) != 2 {
		t.Errorf("bin dir after settling = %q, want only annad and annactl", got)
	}
	if _, err := os.Stat(filepath.Join(f.c.StateDir, PendingFile)); err == nil {
		t.Error("the pending file outlived the update")
	}
	if len(f.ledger.entries) != 2 || f.ledger.entries[0].Kind != upkeep.KindBinary {
		t.Errorf("ledger = %+v, want both binaries once", f.ledger.entries)
	}
}

func TestSettleDropsAnUpdateThatDidNotTake(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	f.c.StateDir = t.TempDir()
	f.units.failRestarts = 1
	var pendingAtRestart bool
	f.units.onRestart = func() {
		_, err := os.Stat(filepath.Join(f.c.StateDir, PendingFile))
		pendingAtRestart = pendingAtRestart || err == nil
	}
	if err := f.check(t); err == nil {
		t.Fatal("a failed restart reported success")
	}
	if !pendingAtRestart {
		t.Error("no pending file at the restart")
	}
	if _, err := os.Stat(filepath.Join(f.c.StateDir, PendingFile)); err == nil {
		t.Error("the rollback left the pending file")
	}

	// A pending file for a version that is not running (the rollback
	// happened elsewhere) is dropped without ledger entries.
	dir := t.TempDir()
	body := `{"from":"0.1.0","to":"0.2.0","binaries":[{"path":"/usr/local/bin/annad","prev":"/usr/local/bin/.annad.prev","sha256":"x"}]}`
	if err := os.WriteFile(filepath.Join(dir, PendingFile), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	l := &ledger{}
	msg, err := Settle(context.Background(), dir, "0.1.0", l)
	if err != nil || !strings.Contains(msg, "did not take") || len(l.entries) != 0 {
		t.Errorf("Settle = %q, %v, ledger %+v", msg, err, l.entries)
	}
	if _, err := os.Stat(filepath.Join(dir, PendingFile)); err == nil {
		t.Error("the stale pending file stayed")
	}
}

func TestSettleFollowsNoLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.WriteFile(target, []byte(`{"from":"0.1.0","to":"0.2.0"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, PendingFile)); err != nil {
		t.Fatal(err)
	}
	if _, err := Settle(context.Background(), dir, "0.2.0", nil); err == nil {
		t.Error("Settle read through a symlink")
	}
	if msg, err := Settle(context.Background(), t.TempDir(), "0.2.0", nil); msg != "" || err != nil {
		t.Errorf("nothing pending: %q, %v", msg, err)
	}
}

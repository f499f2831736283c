package update

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A pending file for a version that is not running, without a rollback
// recorded (the finisher died after restoring), is dropped; the ledger
// is left alone when it names what is on disk.
func TestSettleDropsAnUpdateThatDidNotTake(t *testing.T) {
	dir, bin := t.TempDir(), t.TempDir()
	annad := filepath.Join(bin, "annad")
	if err := os.WriteFile(annad, script("annad", "0.1.0"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := pending{From: "0.1.0", To: "0.2.0", Binaries: []pendingBinary{{Path: annad, Prev: filepath.Join(bin, ".annad.prev"),
		SHA256: sum(script("annad", "0.2.0")), PrevSHA256: sum(script("annad", "0.1.0"))}}}
	if err := savePending(dir, p); err != nil {
		t.Fatal(err)
	}
	l := &ledger{}
	l.entries = append(l.entries, upkeepEntry(annad, sum(script("annad", "0.1.0"))))
	c := &Checker{Current: "0.1.0", StateDir: dir, Ledger: l}
	msg, err := c.Settle(context.Background())
	if err != nil || !strings.Contains(msg, "did not take") || l.len() != 1 {
		t.Errorf("Settle = %q, %v, ledger %+v", msg, err, l.entries)
	}
	if exists(filepath.Join(dir, PendingFile)) {
		t.Error("the stale pending file stayed")
	}
	if st := c.Status(); st.LastError != msg {
		t.Errorf("status = %+v, want %q", st, msg)
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
	c := &Checker{Current: "0.2.0", StateDir: dir}
	if _, err := c.Settle(context.Background()); err == nil {
		t.Error("Settle read through a symlink")
	}
	c.StateDir = t.TempDir()
	if msg, err := c.Settle(context.Background()); msg != "" || err != nil {
		t.Errorf("nothing pending: %q, %v", msg, err)
	}
}

package daemon

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/config"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/ledger"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// newTestDaemon builds annad as the systemd service it is when installed.
func newTestDaemon(t *testing.T, layout dirs.Layout, cfg config.Config) *Daemon {
	t.Helper()
	return newTestDaemonAs(t, layout, cfg, true)
}

// newTestDaemonAs builds annad, started by systemd (service) or by hand.
func newTestDaemonAs(t *testing.T, layout dirs.Layout, cfg config.Config, service bool) *Daemon {
	t.Helper()
	d, err := New(context.Background(), Options{Config: cfg, StateDir: t.TempDir(), Layout: layout, Hardware: &rpc.Hardware{}, Service: service})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.state.Close() })
	return d
}

// Every kind of change upkeep makes lands in the ledger as an entry
// uninstall knows how to undo.
func TestUpkeepChangesAreLedgered(t *testing.T) {
	d := newTestDaemon(t, dirs.Host, config.Default())
	rec := ledgerRecorder{l: d.ledger}
	sha := strings.Repeat("ab", 32)
	changes := []struct {
		in   upkeep.Entry
		kind ledger.Kind
	}{
		{upkeep.Entry{Kind: upkeep.KindFile, Target: "/usr/local/bin/ollama", Reversal: upkeep.ReverseRemove, SHA256: sha}, ledger.FileCreated},
		{upkeep.Entry{Kind: upkeep.KindDir, Target: "/var/lib/anna/models", Reversal: upkeep.ReverseRemove}, ledger.DirCreated},
		{upkeep.Entry{Kind: upkeep.KindUnit, Target: "/usr/local/lib/systemd/system/anna-ollama.service", Reversal: upkeep.ReverseStopRemove}, ledger.UnitInstalled},
		{upkeep.Entry{Kind: upkeep.KindModel, Target: "llama3.2:3b", Reversal: upkeep.ReverseDeleteModel}, ledger.ModelPulled},
		{upkeep.Entry{Kind: upkeep.KindUnitEnabled, Target: "anna-ollama.service", Reversal: upkeep.ReverseDisable}, ledger.UnitEnabled},
		{upkeep.Entry{Kind: upkeep.KindRepair, Target: "/var/lib/anna", Note: "autofix: set owner 0:0, mode 0700"}, ledger.Repaired},
		{upkeep.Entry{Kind: upkeep.KindBinary, Target: "/usr/local/bin/annad", Reversal: upkeep.ReverseRestore, SHA256: sha, Note: "update 0.1.0 → 0.2.0"}, ledger.FileCreated},
	}
	for _, c := range changes {
		if err := rec.Record(context.Background(), c.in); err != nil {
			t.Fatalf("record %+v: %v", c.in, err)
		}
	}
	got := d.ledger.Entries()
	if len(got) != len(changes) {
		t.Fatalf("ledger holds %d entries, want %d: %+v", len(got), len(changes), got)
	}
	for i, c := range changes {
		e := got[i]
		if e.Kind != c.kind || e.Target != c.in.Target || e.Cause != "upkeep" {
			t.Errorf("entry %d = %+v, want kind %s for %s", i, e, c.kind, c.in.Target)
		}
		if c.in.SHA256 != "" && e.Digest != "sha256:"+sha {
			t.Errorf("entry %d lost the digest: %+v", i, e)
		}
	}
	if !got[1].Owned {
		t.Error("a directory upkeep created is not recorded as wholly Anna's")
	}
	if err := rec.Record(context.Background(), upkeep.Entry{Kind: "teleport", Target: "x"}); err == nil {
		t.Error("an unknown kind was recorded")
	}
}

// Under NixOS the module owns the installation: annad neither installs
// Ollama nor updates itself, whatever the config says, and status says
// who manages it.
func TestNixOSTurnsUpkeepOff(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "etc"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "etc/NIXOS"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.Ollama.Manage = true
	cfg.Update.URL, cfg.Update.AutoUpdate = "https://example.invalid/anna", true
	d := newTestDaemon(t, dirs.At(root), cfg)
	if d.upkeep.manager != nil || d.upkeep.checker.AutoUpdate {
		t.Fatalf("upkeep still manages under NixOS: manager %v, auto update %v", d.upkeep.manager != nil, d.upkeep.checker.AutoUpdate)
	}
	var st rpc.Status
	d.upkeep.status(&st)
	if st.ManagedBy != "nix" || st.Update == nil || st.Setup != nil {
		t.Fatalf("status = managed by %q, update %v, setup %v", st.ManagedBy, st.Update, st.Setup)
	}

	d = newTestDaemon(t, dirs.At(t.TempDir()), cfg)
	if d.upkeep.manager == nil || !d.upkeep.checker.AutoUpdate {
		t.Fatal("outside NixOS the config's manage and auto_update are ignored")
	}
}

// A copy of annad started by hand with the installed config (manage =
// true) does not manage Ollama: only the systemd service does, whose
// unit and models they are. It still reports.
func TestHandRunAnnadDoesNotManage(t *testing.T) {
	cfg := config.Default()
	cfg.Ollama.Manage = true
	d := newTestDaemonAs(t, dirs.At(t.TempDir()), cfg, false)
	if d.upkeep.manager != nil {
		t.Fatal("an annad outside systemd manages Ollama")
	}
	if d = newTestDaemonAs(t, dirs.At(t.TempDir()), cfg, true); d.upkeep.manager == nil {
		t.Fatal("annad.service with manage = true does not manage Ollama")
	}
}

// The update reads back the digest uninstall will compare a binary
// with: the newest entry's, whatever the older ones say.
func TestLedgerDigestIsTheNewestEntrys(t *testing.T) {
	d := newTestDaemon(t, dirs.Host, config.Default())
	rec := ledgerRecorder{l: d.ledger}
	old, updated := strings.Repeat("0a", 32), strings.Repeat("1b", 32)
	if got := rec.Digest("/usr/local/bin/annad"); got != "" {
		t.Errorf("empty ledger: %q", got)
	}
	for _, e := range []upkeep.Entry{
		{Kind: upkeep.KindBinary, Target: "/usr/local/bin/annad", SHA256: old},
		{Kind: upkeep.KindBinary, Target: "/usr/local/bin/annactl", SHA256: old},
		{Kind: upkeep.KindBinary, Target: "/usr/local/bin/annad", SHA256: updated},
		{Kind: upkeep.KindRepair, Target: "/usr/local/bin/annad", Note: "autofix"},
	} {
		if err := rec.Record(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
	if got := rec.Digest("/usr/local/bin/annad"); got != updated {
		t.Errorf("annad: %q, want the update's %q", got, updated)
	}
	if got := rec.Digest("/usr/local/bin/annactl"); got != old {
		t.Errorf("annactl: %q", got)
	}
}

// When the Ollama manager's setup turns ready, the health behind `status`
// is read again at once, not at the next periodic check: status must not
// call a freshly pulled model missing (and send annactl to autofix).
func TestReadySetupRefreshesHealth(t *testing.T) {
	fake := ollamatest.New(t, ollamatest.WithModels(ollamatest.Model{Name: "other"}), ollamatest.WithRegistry(ollamatest.Model{Name: "tiny"}))
	cfg := config.Default()
	cfg.Ollama.URL, cfg.Ollama.Model, cfg.Ollama.Manage = fake.URL(), "tiny", true
	d := newTestDaemon(t, dirs.At(t.TempDir()), cfg)
	d.llmEvery = time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go d.watch(ctx)
	<-d.checked
	if p := d.llm.Health().ModelPresent; p == nil || *p {
		t.Fatalf("before the pull the model is present = %v, want false", p)
	}
	if err := d.upkeep.manager.Ensure(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute) // a guard against a hang, not a speed check
	for {
		if p := d.llm.Health().ModelPresent; p != nil && *p {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("status still says the model is missing after the setup turned ready")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

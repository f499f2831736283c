package ledger

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/statedir"
)

func openDir(t *testing.T) (*statedir.Dir, string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "state")
	d, err := statedir.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, p
}

func mustOpen(t *testing.T, d *statedir.Dir) *Ledger {
	t.Helper()
	l, err := Open(d)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestAppendPersistsAndRefusesUnsafeEntries(t *testing.T) {
	d, _ := openDir(t)
	l := mustOpen(t, d)
	e, err := l.Append(Entry{Kind: FileCreated, Target: "/usr/local/bin/annad", Reason: "binary", Cause: "installer:2"})
	if err != nil || e.ID != 1 || e.Time.IsZero() {
		t.Fatalf("%+v %v", e, err)
	}
	for _, bad := range []Entry{
		{Kind: FileCreated, Target: "relative/path"},
		{Kind: FileCreated, Target: "/etc/../etc/passwd"},
		{Kind: FileCreated, Target: "/"},
		{Kind: ModelPulled, Target: "../x; rm -rf /"},
		{Kind: UserAddedToGroup, Target: "alice", Group: "a b"},
		{Kind: FileChanged, Target: "/etc/x", Backup: "backup"},
		{Kind: "", Target: "/x"},
	} {
		if _, err := l.Append(bad); err == nil || !strings.HasPrefix(err.Error(), "cannot record") {
			t.Errorf("recorded %+v: %v", bad, err)
		}
	}
	again := mustOpen(t, d)
	got := again.Entries()
	if len(got) != 1 || got[0].Target != "/usr/local/bin/annad" || got[0].Cause != "installer:2" || !again.State().OK() {
		t.Fatalf("read back %+v, state %+v", got, again.State())
	}
}

// A ledger that does not parse is kept aside, reported with a repair, and
// stays reported until the file kept aside is dealt with.
func TestCorruptLedgerIsKeptAsideAndReported(t *testing.T) {
	d, state := openDir(t)
	for name, content := range map[string]string{
		"truncated":      `{"version": 1, "next_id": 3, "entries": [{"id": 1, "kind": "file_created", "target": "/x"`,
		"newer version":  `{"version": 2, "next_id": 1, "entries": []}`,
		"unsafe target":  `{"version": 1, "next_id": 2, "entries": [{"id": 1, "kind": "file_created", "target": "../etc"}]}`,
		"ids disordered": `{"version": 1, "next_id": 3, "entries": [{"id": 2, "kind": "model_pulled", "target": "a"}, {"id": 1, "kind": "model_pulled", "target": "b"}]}`,
	} {
		if err := os.WriteFile(filepath.Join(state, FileName), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		l := mustOpen(t, d)
		st := l.State()
		if st.OK() || len(st.Corrupt) != 1 || !strings.Contains(st.Problem, "kept aside as "+st.Corrupt[0]) || !strings.Contains(st.Repair, "delete "+st.Corrupt[0]) {
			t.Fatalf("%s: state %+v", name, st)
		}
		if b, err := os.ReadFile(st.Corrupt[0]); err != nil || string(b) != content {
			t.Fatalf("%s: the damaged ledger was not kept as it was: %q %v", name, b, err)
		}
		// New changes are still recorded, and the state stays until the
		// damaged file is gone, across a restart too.
		if e, err := l.Append(Entry{Kind: ModelPulled, Target: "llama3.2:3b"}); err != nil || e.ID < 1e12 {
			t.Fatalf("%s: appended %+v, %v; want an id above the damaged ledger's", name, e, err)
		}
		if again := mustOpen(t, d); again.State().OK() || len(again.Entries()) != 1 {
			t.Fatalf("%s: after a restart: %+v %+v", name, again.State(), again.Entries())
		}
		if err := os.Remove(st.Corrupt[0]); err != nil {
			t.Fatal(err)
		}
		if err := l.Reload(); err != nil || !l.State().OK() {
			t.Fatalf("%s: after the repair: %+v %v", name, l.State(), err)
		}
		os.Remove(filepath.Join(state, FileName))
	}
}

func TestReadIsBounded(t *testing.T) {
	d, state := openDir(t)
	big := `{"version": 1, "next_id": 1, "entries": [], "pad": "` + strings.Repeat("x", MaxBytes) + `"}`
	if err := os.WriteFile(filepath.Join(state, FileName), []byte(big), 0o600); err != nil {
		t.Fatal(err)
	}
	l := mustOpen(t, d)
	if st := l.State(); st.OK() || !strings.Contains(st.Problem, "more than") {
		t.Fatalf("read an oversized ledger: %+v", st)
	}
}

// reset's rule: only entries describing learned data go.
func TestDropLearnedKeepsRealChanges(t *testing.T) {
	d, _ := openDir(t)
	l := mustOpen(t, d)
	for _, e := range []Entry{
		{Kind: DirCreated, Target: "/var/lib/anna", Owned: true, Cause: "installer:1"},
		{Kind: StateWritten, Target: "/var/lib/anna/debug_mode", Cause: "request:a1"},
		{Kind: ModelPulled, Target: "llama3.2:3b", Cause: "request:b2"},
		{Kind: PackageInstalled, Target: "smartmontools", Manager: "apt-get", Cause: "request:c3"},
		{Kind: StateWritten, Target: "/var/lib/anna/learned/1000/notes", Cause: "request:d4"},
	} {
		if _, err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	dropped, err := l.DropLearned()
	if err != nil || len(dropped) != 2 || dropped[0].ID != 2 || dropped[1].ID != 5 {
		t.Fatalf("dropped %+v, %v", dropped, err)
	}
	var kinds []Kind
	for _, e := range mustOpen(t, d).Entries() {
		kinds = append(kinds, e.Kind)
	}
	if strings.Join([]string{string(kinds[0]), string(kinds[1]), string(kinds[2])}, ",") != "dir_created,model_pulled,package_installed" || len(kinds) != 3 {
		t.Fatalf("kept %v", kinds)
	}
	if e, _ := l.Append(Entry{Kind: ModelPulled, Target: "x"}); e.ID != 6 {
		t.Fatalf("an id was reused: %d", e.ID)
	}
}

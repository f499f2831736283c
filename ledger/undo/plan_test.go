package undo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/ledger"
)

var installed = []ledger.Entry{
	{ID: 1, Kind: ledger.DirCreated, Target: "/var/lib/anna"},
	{ID: 2, Kind: ledger.FileCreated, Target: "/usr/local/bin/annad"},
	{ID: 3, Kind: ledger.GroupCreated, Target: "anna"},
	{ID: 4, Kind: ledger.UserAddedToGroup, Target: "alice", Group: "anna"},
	{ID: 5, Kind: ledger.UnitInstalled, Target: "/etc/systemd/system/annad.socket"},
	{ID: 6, Kind: ledger.UnitEnabled, Target: "annad.socket"},
	{ID: 7, Kind: ledger.ModelPulled, Target: "llama3.2:3b"},
	{ID: 8, Kind: ledger.PackageInstalled, Target: "smartmontools", Manager: "apt-get"},
	{ID: 9, Kind: ledger.PackageInstalled, Target: "foo", Manager: "brew"},
	{ID: 10, Kind: ledger.ConfigWritten, Target: "/etc/anna/config.toml"},
	{ID: 11, Kind: ledger.FileChanged, Target: "/etc/hosts", Backup: "/var/lib/anna/backups/11", Mode: 0o644},
	{ID: 12, Kind: ledger.FileChanged, Target: "/etc/motd"},
	{ID: 13, Kind: "selinux_label", Target: "annad"},
	{ID: 14, Kind: ledger.UserAddedToGroup, Target: "bob"},
}

func TestPlanIsNewestFirstAndListsWhatCannotBeUndone(t *testing.T) {
	p := Make(installed, "/var/lib/anna")
	var order []uint64
	var actions []string
	for _, s := range p.Steps {
		order = append(order, s.Entry.ID)
		actions = append(actions, s.Action)
	}
	if !slices.Equal(order, []uint64{11, 10, 8, 7, 6, 5, 4, 3, 2, 1}) {
		t.Fatalf("order %v", order)
	}
	for _, want := range []string{
		"restore /etc/hosts from /var/lib/anna/backups/11", "remove file /etc/anna/config.toml (it did not exist before)",
		"remove package smartmontools with apt-get", "delete model llama3.2:3b from Ollama", "disable unit annad.socket",
		"remove unit file /etc/systemd/system/annad.socket", "remove user alice from group anna", "delete group anna",
		"remove file /usr/local/bin/annad", "remove directory /var/lib/anna and everything in it",
	} {
		if !slices.Contains(actions, want) {
			t.Errorf("no step %q in %q", want, actions)
		}
	}
	why := map[uint64]string{}
	for _, r := range p.CannotUndo {
		why[r.Entry.ID] = r.Reason
	}
	for id, want := range map[uint64]string{9: `package manager "brew"`, 12: "no backup", 13: `undo a "selinux_label" entry`, 14: "group the user was added to"} {
		if !strings.Contains(why[id], want) {
			t.Errorf("entry %d: reason %q, want %q", id, why[id], want)
		}
	}
	if len(p.Steps)+len(p.CannotUndo) != len(installed) {
		t.Fatalf("%d steps and %d refusals for %d entries: something was skipped", len(p.Steps), len(p.CannotUndo), len(installed))
	}
}

// recorder stands in for what cannot run here: a package manager, groupdel
// and Ollama's model store.
type recorder struct {
	calls []string
	fail  string
}

func (r *recorder) note(s string) error {
	r.calls = append(r.calls, s)
	if r.fail != "" && strings.Contains(s, r.fail) {
		return errors.New("cannot do " + s + ": refused by the test")
	}
	return nil
}
func (r *recorder) Remove(_ context.Context, argv []string) error {
	return r.note(strings.Join(argv, " "))
}
func (r *recorder) Delete(_ context.Context, n string) error { return r.note("delete " + n) }
func (r *recorder) DeleteGroup(_ context.Context, g string) error {
	return r.note("groupdel " + g)
}
func (r *recorder) RemoveFromGroup(_ context.Context, u, g string) error {
	return r.note(fmt.Sprintf("gpasswd -d %s %s", u, g))
}

func systemdOnBus(t *testing.T) (Systemd, *dbustest.Systemd) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return Systemd{Conn: c}, fake
}

func TestExecuteKeepsTheStateDirWhenAStepFails(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"var/lib/anna/ledger.json", "usr/local/bin/annad", "etc/systemd/system/annad.socket", "var/lib/anna/backups/11", "etc/hosts", "etc/anna/config.toml"} {
		write(t, filepath.Join(root, f), "new "+f)
	}
	write(t, filepath.Join(root, "var/lib/anna/backups/11"), "old hosts")
	units, fake := systemdOnBus(t)
	rec := &recorder{fail: "groupdel"}
	b := Backends{Files: HostFiles{Root: root}, Units: units, Packages: rec, Models: rec, Accounts: rec}
	out := Make(installed, "/var/lib/anna").Execute(context.Background(), b)
	if len(out.Done) != 8 || len(out.Failed) != 2 || out.StateDirRemoved {
		t.Fatalf("done %d, failed %+v, state dir removed %v", len(out.Done), out.Failed, out.StateDirRemoved)
	}
	if !strings.Contains(out.Failed[1].Err.Error(), "1 earlier steps failed") {
		t.Fatalf("the state dir was not kept for the failure: %v", out.Failed[1].Err)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "etc/hosts")); string(b) != "old hosts" {
		t.Fatalf("hosts not restored: %q", b)
	}
	for _, gone := range []string{"usr/local/bin/annad", "etc/systemd/system/annad.socket", "etc/anna/config.toml"} {
		if _, err := os.Lstat(filepath.Join(root, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is still there", gone)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "var/lib/anna/ledger.json")); err != nil {
		t.Fatalf("the ledger went with a step failed: %v", err)
	}
	if want := []string{"apt-get remove -y smartmontools", "delete llama3.2:3b", "gpasswd -d alice anna", "groupdel anna"}; !slices.Equal(rec.calls, want) {
		t.Fatalf("calls %q, want %q", rec.calls, want)
	}
	if want := []string{"disable annad.socket", "reload"}; !slices.Equal(fake.Jobs(), want) {
		t.Fatalf("systemd jobs %q, want %q", fake.Jobs(), want)
	}
	// Fixed, a second run removes the state directory too.
	rec.fail = ""
	out = Make(installed[:3], "/var/lib/anna").Execute(context.Background(), b)
	if len(out.Failed) != 0 || !out.StateDirRemoved {
		t.Fatalf("second run: %+v", out)
	}
	if _, err := os.Lstat(filepath.Join(root, "var/lib/anna")); !os.IsNotExist(err) {
		t.Fatalf("the state directory is still there: %v", err)
	}
}

// A repair autofix recorded changes nothing undo must reverse: the plan
// neither acts on it nor lists it as impossible.
func TestRepairsAreNotUndone(t *testing.T) {
	es := []ledger.Entry{
		{ID: 1, Kind: ledger.DirCreated, Target: "/var/lib/anna"},
		{ID: 2, Kind: ledger.Repaired, Target: "/var/lib/anna", Reason: "autofix: set owner 0:0, mode 0755"},
		{ID: 3, Kind: ledger.Repaired, Target: "anna-ollama.service", Reason: "autofix: restarted anna-ollama.service"},
	}
	p := Make(es, "/var/lib/anna")
	if len(p.Steps) != 1 || p.Steps[0].Entry.ID != 1 || len(p.CannotUndo) != 0 {
		t.Fatalf("plan = %+v, cannot undo %+v; want only the directory's removal", p.Steps, p.CannotUndo)
	}
}

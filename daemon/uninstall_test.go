package daemon_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon"
	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/ledger/undo"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// machine stands in for what cannot run here: the package manager,
// groupdel and gpasswd, and Ollama's model store.
type machine struct {
	mu    sync.Mutex
	calls []string
}

func (m *machine) note(s string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls = append(m.calls, s)
	return nil
}
func (m *machine) Remove(_ context.Context, argv []string) error {
	return m.note(strings.Join(argv, " "))
}
func (m *machine) Delete(_ context.Context, n string) error { return m.note("ollama delete " + n) }
func (m *machine) DeleteGroup(_ context.Context, g string) error {
	return m.note("groupdel " + g)
}
func (m *machine) RemoveFromGroup(_ context.Context, u, g string) error {
	return m.note(fmt.Sprintf("gpasswd -d %s %s", u, g))
}

const installManifest = `{"version": 1, "entries": [
 {"kind": "dir", "target": "/var/lib/anna", "detail": "mode 0700"},
 {"kind": "file", "target": "/usr/local/bin/annad", "detail": "sha256:{{binary}}"},
 {"kind": "dir", "target": "/etc/anna", "detail": "mode 0755"},
 {"kind": "file", "target": "/etc/anna/config.toml", "detail": "sha256:{{[daemon]\n}}"},
 {"kind": "file", "target": "/etc/systemd/system/annad.socket", "detail": "sha256:00"},
 {"kind": "unit_enabled", "target": "annad.socket", "detail": "systemctl enable"},
 {"kind": "group", "target": "anna", "detail": "system group"},
 {"kind": "group_member", "target": "anna", "detail": "alice"}
]}`

// ledgerBefore is what annad recorded before this start, while answering
// requests: a configuration it changed, a model it pulled, and a kind
// this build does not know.
const ledgerBefore = `{"version": 1, "next_id": 4, "entries": [
 {"id": 1, "kind": "file_changed", "target": "/etc/hosts", "backup": "/var/lib/anna/backups/1", "reason": "r", "cause": "request:a"},
 {"id": 2, "kind": "model_pulled", "target": "llama3.2:3b", "reason": "r", "cause": "request:b"},
 {"id": 3, "kind": "selinux_label", "target": "annad", "reason": "r", "cause": "request:c"}
]}`

// withDigests replaces {{content}} with the hex SHA-256 of content, as
// install.sh records what it wrote.
func withDigests(manifest string) string {
	for {
		i := strings.Index(manifest, "{{")
		if i < 0 {
			return manifest
		}
		j := strings.Index(manifest, "}}")
		content := strings.ReplaceAll(manifest[i+2:j], `\n`, "\n")
		manifest = manifest[:i] + fmt.Sprintf("%x", sha256.Sum256([]byte(content))) + manifest[j+2:]
	}
}

func put(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

type installed struct {
	*daemontest.Daemon
	root    string
	machine *machine
	systemd *dbustest.Systemd
	stopped chan struct{}
}

// install lays out an installed Anna under a temporary root, as install.sh
// would leave it, and starts annad on it.
func install(t *testing.T) *installed {
	root := t.TempDir()
	state := filepath.Join(root, "var/lib/anna")
	put(t, filepath.Join(state, "install-manifest.json"), withDigests(installManifest))
	put(t, filepath.Join(state, "ledger.json"), ledgerBefore)
	if err := os.Chmod(state, 0o700); err != nil {
		t.Fatal(err)
	}
	for f, c := range map[string]string{
		"usr/local/bin/annad": "binary", "etc/anna/config.toml": "[daemon]\nedited = true\n", "etc/hosts": "127.0.0.1 changed-by-anna\n",
		"var/lib/anna/backups/1": "127.0.0.1 localhost\n", "etc/systemd/system/annad.socket": "[Socket]\n",
		"usr/local/bin/other": "precious", "var/lib/anna/learned/1000/notes": "x",
	} {
		put(t, filepath.Join(root, f), c)
	}
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	m := &machine{}
	in := &installed{root: root, machine: m, systemd: fake, stopped: make(chan struct{})}
	in.Daemon = daemontest.Start(t, daemontest.Options{StateDir: state, Uninstall: daemon.UninstallOptions{
		Root:     root,
		Backends: undo.Backends{Units: undo.Systemd{Conn: conn}, Packages: m, Models: m, Accounts: m},
		Stop:     func(context.Context) error { close(in.stopped); return nil },
	}})
	return in
}

func TestUninstallPlansThenUndoesOnlyTheLedger(t *testing.T) {
	in := install(t)
	st, err := in.Client(t).Status(ctx(t))
	if err != nil || st.Ledger == nil || st.Ledger.Entries != 11 || st.Ledger.Problem != "" {
		t.Fatalf("status after the import: %+v %v", st.Ledger, err)
	}
	plan, err := in.Client(t).Uninstall(ctx(t), "")
	if err != nil || plan.Executed || len(plan.Steps) != 10 || len(plan.CannotUndo) != 1 || plan.CannotUndo[0].Kind != "selinux_label" {
		t.Fatalf("plan: %+v %v", plan, err)
	}
	if plan.Steps[0].Action != "remove user alice from group anna" || plan.Steps[8].Action != "restore /etc/hosts from /var/lib/anna/backups/1" ||
		plan.Steps[9].Action != "remove directory /var/lib/anna and everything in it" {
		t.Fatalf("plan order: first %q, last %q", plan.Steps[0].Action, plan.Steps[9].Action)
	}
	if _, err := os.Stat(filepath.Join(in.root, "usr/local/bin/annad")); err != nil {
		t.Fatalf("the plan changed the machine: %v", err)
	}
	if _, err := in.Client(t).Uninstall(ctx(t), "yes"); rpc.KindOf(err) != rpc.KindInvalidParams {
		t.Fatalf("confirmed with the wrong word: %v", err)
	}

	res, err := in.Client(t).Uninstall(ctx(t), rpc.UninstallConfirmation)
	if err != nil || !res.Executed || len(res.Steps) != 8 || len(res.Failed) != 0 || !res.Stopping {
		t.Fatalf("uninstall: %+v %v", res, err)
	}
	// The configuration the user edited is theirs now, and so is its
	// directory.
	if len(res.Kept) != 2 || res.Kept[0].Target != "/etc/anna/config.toml" || !strings.Contains(res.Kept[0].Reason, "changed since Anna wrote it") ||
		res.Kept[1].Target != "/etc/anna" || !strings.Contains(res.Kept[1].Reason, "holds files Anna did not record") {
		t.Fatalf("kept %+v", res.Kept)
	}
	if b, _ := os.ReadFile(filepath.Join(in.root, "etc/anna/config.toml")); string(b) != "[daemon]\nedited = true\n" {
		t.Errorf("the edited configuration was not kept: %q", b)
	}
	select {
	case <-in.stopped:
	case <-time.After(30 * time.Second):
		t.Fatal("annad did not stop itself after the reply")
	}
	for _, gone := range []string{"usr/local/bin/annad", "etc/systemd/system/annad.socket", "var/lib/anna"} {
		if _, err := os.Lstat(filepath.Join(in.root, gone)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there: %v", gone, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(in.root, "etc/hosts")); string(b) != "127.0.0.1 localhost\n" {
		t.Errorf("/etc/hosts not restored from the backup: %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(in.root, "usr/local/bin/other")); string(b) != "precious" {
		t.Errorf("a file outside the ledger was touched: %q", b)
	}
	if want := []string{"gpasswd -d alice anna", "groupdel anna", "ollama delete llama3.2:3b"}; !slices.Equal(in.machine.calls, want) {
		t.Errorf("calls %q, want %q", in.machine.calls, want)
	}
	if want := []string{"disable annad.socket", "reload"}; !slices.Equal(in.systemd.Jobs(), want) {
		t.Errorf("systemd jobs %q, want %q", in.systemd.Jobs(), want)
	}
}

func TestUninstallRefusesACorruptLedger(t *testing.T) {
	root := t.TempDir()
	state := filepath.Join(root, "state")
	put(t, filepath.Join(state, "ledger.json"), `{"version": 1, "entries": [`)
	if err := os.Chmod(state, 0o700); err != nil {
		t.Fatal(err)
	}
	stopped := make(chan struct{})
	d := daemontest.Start(t, daemontest.Options{StateDir: state, Uninstall: daemon.UninstallOptions{Root: root,
		Stop: func(context.Context) error { close(stopped); return nil }}})
	st, err := d.Client(t).Status(ctx(t))
	if err != nil || st.Ledger == nil || len(st.Ledger.Corrupt) != 1 || !strings.Contains(st.Ledger.Problem, "kept aside") {
		t.Fatalf("status: %+v %v", st.Ledger, err)
	}
	aside := st.Ledger.Corrupt[0]
	_, err = d.Client(t).Uninstall(ctx(t), "")
	var re *rpc.Error
	if !errors.As(err, &re) || re.Kind() != rpc.KindLedgerCorrupt || !strings.Contains(re.Hint(), "delete "+aside) || !strings.HasPrefix(re.Message, "cannot uninstall") {
		t.Fatalf("uninstall of a corrupt ledger: %v", err)
	}
	if _, err := os.Stat(aside); err != nil {
		t.Fatalf("the damaged ledger is gone: %v", err)
	}
	// Repaired (here: given up), uninstall plans again without a restart.
	if err := os.Remove(aside); err != nil {
		t.Fatal(err)
	}
	if plan, err := d.Client(t).Uninstall(ctx(t), ""); err != nil || len(plan.Steps) != 0 {
		t.Fatalf("after the repair: %+v %v", plan, err)
	}
	// Nothing undone: annad was not installed by its ledger, and stays.
	res, err := d.Client(t).Uninstall(ctx(t), rpc.UninstallConfirmation)
	if err != nil || !res.Executed || res.Stopping {
		t.Fatalf("uninstall of an empty ledger: %+v %v", res, err)
	}
	if _, err := d.Client(t).Status(ctx(t)); err != nil {
		t.Fatalf("annad stopped: %v", err)
	}
	select {
	case <-stopped:
		t.Fatal("annad asked systemd to stop it with nothing undone")
	default:
	}
	// Last: ClientAs ends a locked thread, which may take a private
	// bus with it (dbustest.New).
	if _, err := d.ClientAs(t, 1000).Uninstall(ctx(t), ""); rpc.KindOf(err) != rpc.KindAccessDenied {
		t.Fatalf("a member's uninstall: %v", err)
	}
}

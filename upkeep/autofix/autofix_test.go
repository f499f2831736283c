package autofix

import (
	"context"
	"errors"
	"net"
	"os"
	"os/user"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

type units struct {
	state     upkeep.UnitState
	restarted []string
}

type recorder struct{ entries []upkeep.Entry }

func (r *recorder) Record(_ context.Context, e upkeep.Entry) error {
	r.entries = append(r.entries, e)
	return nil
}

func (u *units) State(context.Context, string) (upkeep.UnitState, error) { return u.state, nil }
func (u *units) Start(context.Context, string) error                     { return nil }
func (u *units) Reload(context.Context) error                            { return nil }
func (u *units) Enable(context.Context, string) (bool, error)            { return false, nil }
func (u *units) Restart(_ context.Context, unit string) error {
	u.restarted = append(u.restarted, unit)
	u.state.ActiveState = "active"
	return nil
}

type ollama struct{ err error }

func (o ollama) Ensure(context.Context) error { return o.err }

// host builds a state directory and a real listening socket under a root.
func host(t *testing.T) dirs.Layout {
	t.Helper()
	l := dirs.At(t.TempDir())
	for _, d := range []string{l.StateDir(), l.RunDir()} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	ln, err := net.Listen("unix", l.Socket())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	if err := os.Chmod(l.Socket(), 0o660); err != nil {
		t.Fatal(err)
	}
	return l
}

func ownGroup(t *testing.T) string {
	t.Helper()
	g, err := user.LookupGroupId(strconv.Itoa(os.Getegid()))
	if err != nil {
		t.Skipf("no name for group %d: %v", os.Getegid(), err)
	}
	return g.Name
}

func run(t *testing.T, f *Fixer) (res resultView) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r := f.Run(ctx)
	res.problems, res.repaired = r.Problems, r.Repaired
	res.byName = map[string]string{}
	for _, c := range r.Checks {
		name, _, _ := strings.Cut(c.Name, " /")
		res.byName[name] = strings.Join([]string{strconv.FormatBool(c.OK), c.Found, c.Action, c.Error, c.Advice}, "|")
	}
	return res
}

type resultView struct {
	problems, repaired int
	byName             map[string]string
}

func TestHealthyInstallNeedsNothing(t *testing.T) {
	l := host(t)
	// annad accepts a state directory others may read (tmpfiles makes
	// one 0755); autofix must not fight that.
	if err := os.Chmod(l.StateDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	f := &Fixer{Layout: l, SocketGroup: ownGroup(t), OllamaUnit: "anna-ollama.service",
		Units: &units{state: upkeep.UnitState{LoadState: "loaded", ActiveState: "active"}}, Ollama: ollama{},
		Ledger: func() error { return nil }, Config: func() error { return nil }}
	res := run(t, f)
	if res.problems != 0 || len(res.byName) != 7 {
		t.Errorf("result = %+v", res)
	}
}

func TestModesAndUnitAreRepaired(t *testing.T) {
	l := host(t)
	if err := os.Chmod(l.StateDir(), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(l.Socket(), 0o666); err != nil {
		t.Fatal(err)
	}
	u := &units{state: upkeep.UnitState{LoadState: "loaded", ActiveState: "failed", SubState: "failed"}}
	rec := &recorder{}
	f := &Fixer{Layout: l, SocketGroup: ownGroup(t), OllamaUnit: "anna-ollama.service", Units: u, Record: rec}
	res := run(t, f)
	var repaired []string
	for _, e := range rec.entries {
		if e.Kind != upkeep.KindRepair || !strings.HasPrefix(e.Note, "autofix: ") {
			t.Errorf("ledger entry %+v is not a repair", e)
		}
		repaired = append(repaired, e.Target)
	}
	if want := []string{l.StateDir(), l.Socket(), "anna-ollama.service"}; !slices.Equal(repaired, want) {
		t.Errorf("repairs recorded for %q, want %q", repaired, want)
	}
	if res.problems != 3 || res.repaired != 3 {
		t.Errorf("result = %+v, want 3 problems repaired", res)
	}
	for p, want := range map[string]os.FileMode{l.StateDir(): 0o755, l.Socket(): 0o660} {
		if fi, err := os.Lstat(p); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, %v; want %#o", p, fi.Mode().Perm(), err, want)
		}
	}
	if len(u.restarted) != 1 || !strings.Contains(res.byName["unit anna-ollama.service"], "failed (failed)|restarted anna-ollama.service") {
		t.Errorf("restarts %q, check %q", u.restarted, res.byName["unit anna-ollama.service"])
	}
}

func TestSocketGroupIsRepaired(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("changing a file's group to another group needs root")
	}
	l := host(t)
	g, err := user.LookupGroup("daemon")
	if err != nil {
		t.Skip("no group daemon")
	}
	res := run(t, &Fixer{Layout: l, SocketGroup: "daemon"})
	fi, err := os.Lstat(l.Socket())
	if err != nil {
		t.Fatal(err)
	}
	if strconv.Itoa(int(fi.Sys().(*syscall.Stat_t).Gid)) != g.Gid || res.repaired != 1 {
		t.Errorf("socket group %d, result %+v", fi.Sys().(*syscall.Stat_t).Gid, res)
	}
}

func TestWhatCannotBeRepairedSaysWhy(t *testing.T) {
	l := host(t)
	elsewhere := t.TempDir()
	if err := os.Chmod(elsewhere, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(l.StateDir()); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, l.StateDir()); err != nil {
		t.Fatal(err)
	}
	f := &Fixer{Layout: l, SocketGroup: "anna-no-such-group",
		Ollama: ollama{err: errors.New("cannot pull llama3.2:3b after 5 attempts: unexpected EOF")},
		Ledger: func() error { return errors.New("cannot parse ledger.json: unexpected end of JSON input") },
		Config: func() error { return errors.New("cannot load config /etc/anna/config.toml:3: key ollama.url") }}
	res := run(t, f)
	if fi, _ := os.Stat(elsewhere); fi.Mode().Perm() != 0o777 {
		t.Error("autofix followed the state directory link")
	}
	for name, want := range map[string]string{
		"group anna-no-such-group": "run systemd-sysusers",
		"state directory":          "is not a directory",
		"ollama and model":         "unexpected EOF",
		"ledger":                   "does not rewrite the ledger",
		"config":                   "fix the line it names",
	} {
		if got := res.byName[name]; !strings.HasPrefix(got, "false|") || !strings.Contains(got, want) {
			t.Errorf("%s: %q, want a failure saying %q", name, got, want)
		}
	}
	if res.repaired != 0 || res.problems < 5 {
		t.Errorf("result = %+v", res)
	}
}

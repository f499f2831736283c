package daemon_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon"
	"github.com/jjgarcianorway/anna-assistant/daemon/config"
	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func writeFile(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
}

func exists(p string) bool { _, err := os.Lstat(p); return err == nil }

// A member's reset through learned → a directory of root's deleted root's
// files (issue 7). Now the link itself goes and its target stays.
func TestResetRemovesSymlinksNotTheirTargets(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	victim := filepath.Join(t.TempDir(), "victimdir")
	writeFile(t, filepath.Join(victim, "root-file"))
	writeFile(t, filepath.Join(d.StateDir, "ledger.json"))
	learned := filepath.Join(d.StateDir, "learned")
	if err := os.Symlink(victim, learned); err != nil {
		t.Fatal(err)
	}
	member := d.ClientAs(t, 1000)
	if r, err := member.Reset(ctx(t)); err != nil || len(r.Removed) != 0 || !exists(learned) {
		t.Fatalf("member's reset: %+v %v", r, err)
	}
	r, err := d.Client(t).Reset(ctx(t))
	if err != nil || !slices.Equal(r.Removed, []string{learned}) || exists(learned) {
		t.Fatalf("root's reset: %+v %v", r, err)
	}
	// Nested links, inside a real learned directory.
	if err := os.MkdirAll(filepath.Join(learned, "1000", "deep"), 0o700); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		filepath.Join(learned, "1000", "deep", "victim"): victim,
		filepath.Join(learned, "1000", "up"):             "..",
		filepath.Join(learned, "1001"):                   victim,
		filepath.Join(learned, "all"):                    d.StateDir,
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := member.Reset(ctx(t)); err != nil || !slices.Equal(r.Removed, []string{filepath.Join(learned, "1000")}) {
		t.Fatalf("member's reset: %+v %v", r, err)
	}
	if r, err := d.Client(t).Reset(ctx(t)); err != nil || len(r.Removed) != 2 {
		t.Fatalf("root's reset: %+v %v", r, err)
	}
	for _, f := range []string{filepath.Join(victim, "root-file"), filepath.Join(d.StateDir, "ledger.json")} {
		if b, err := os.ReadFile(f); err != nil || string(b) != "precious" {
			t.Fatalf("%s was touched: %v", f, err)
		}
	}
}

// A member's reset forgets only what is theirs; root's forgets everyone's.
func TestResetIsPerUser(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	learned := filepath.Join(d.StateDir, "learned")
	for _, f := range []string{"1000/notes", "1001/notes", "shared"} {
		writeFile(t, filepath.Join(learned, f))
	}
	root, member := d.Client(t), d.ClientAs(t, 1000)
	for _, c := range []*rpc.Client{root, member} {
		if _, err := c.Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?", RequestID: "same"}); err != nil {
			t.Fatal(err)
		}
	}
	r, err := member.Reset(ctx(t))
	if err != nil || !slices.Equal(r.Removed, []string{filepath.Join(learned, "1000")}) {
		t.Fatalf("member's reset: %+v %v", r, err)
	}
	if !exists(filepath.Join(learned, "1001", "notes")) || !exists(filepath.Join(learned, "shared")) {
		t.Fatal("a member's reset removed other users' learned data")
	}
	if _, err := member.Progress(ctx(t), rpc.ProgressParams{RequestID: "same"}); rpc.KindOf(err) != rpc.KindNotFound {
		t.Fatalf("the member's request survived their reset: %v", err)
	}
	if _, err := root.Progress(ctx(t), rpc.ProgressParams{RequestID: "same"}); err != nil {
		t.Fatalf("a member's reset forgot root's request: %v", err)
	}
	if r, err := root.Reset(ctx(t)); err != nil || len(r.Removed) != 2 {
		t.Fatalf("root's reset: %+v %v", r, err)
	}
}

// Request ids are per user: another user's id is neither refused (which
// would reveal it) nor readable.
func TestRequestIDsArePerUser(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	root, member := d.Client(t), d.ClientAs(t, 1000)
	a, err := root.Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?", RequestID: "abc"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := member.Progress(ctx(t), rpc.ProgressParams{RequestID: "abc"}); rpc.KindOf(err) != rpc.KindNotFound {
		t.Fatalf("the member read root's request: %v", err)
	}
	b, err := member.Request(ctx(t), rpc.RequestParams{Text: "is my memory enough for this work?", RequestID: "abc"})
	if err != nil || b.RequestID != "abc" {
		t.Fatalf("the member's own id was refused: %v", err)
	}
	p, err := member.Progress(ctx(t), rpc.ProgressParams{RequestID: "abc"})
	if err != nil || !p.Done {
		t.Fatalf("member's progress: %+v %v", p, err)
	}
	for _, e := range p.Events {
		if strings.Contains(e.Text, a.Answer) && a.Answer != b.Answer {
			t.Fatal("the member saw root's answer")
		}
	}
	_, err = root.Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?", RequestID: "abc"})
	if rpc.KindOf(err) != rpc.KindInvalidParams || !strings.Contains(err.Error(), "already used") {
		t.Fatalf("root reusing its own id: %v", err)
	}
}

// annad refuses a state directory another user could change.
func TestUnsafeStateDirectoryStopsAnnad(t *testing.T) {
	base := t.TempDir()
	open := filepath.Join(base, "open")
	if err := os.Mkdir(open, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(t.TempDir(), link); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]string{open: "writable by group or others", link: "is a symlink"} {
		_, err := daemon.New(context.Background(), daemon.Options{Config: config.Default(), StateDir: dir, Hardware: &rpc.Hardware{}})
		if err == nil || !strings.HasPrefix(err.Error(), "cannot use state directory "+dir) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "fix:") {
			t.Errorf("%s: %v", dir, err)
		}
	}
}

// Root's reset drops the ledger's entries of learned data (the debug mode
// file it deletes) and keeps every real change, whoever caused it.
func TestResetDropsLearnedLedgerEntriesOnly(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state")
	writeFile(t, filepath.Join(state, "install-manifest.json"))
	if err := os.WriteFile(filepath.Join(state, "install-manifest.json"), []byte(`{"version": 1, "entries": [
 {"kind": "file", "target": "/usr/local/bin/annad", "detail": "sha256:00"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	// Real changes made while answering requests, before this start.
	if err := os.WriteFile(filepath.Join(state, "ledger.json"), []byte(`{"version": 1, "next_id": 3, "entries": [
 {"id": 1, "kind": "model_pulled", "target": "llama3.2:3b", "reason": "r", "cause": "request:a"},
 {"id": 2, "kind": "package_installed", "target": "smartmontools", "manager": "apt-get", "reason": "r", "cause": "request:b"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	d := daemontest.Start(t, daemontest.Options{StateDir: state})
	root := d.Client(t)
	if _, err := root.Request(ctx(t), rpc.RequestParams{Text: "turn debug mode off"}); err != nil {
		t.Fatal(err)
	}
	plan, err := root.Uninstall(ctx(t), "")
	if err != nil || len(plan.Steps) != 4 || plan.Steps[0].Action != "remove file "+filepath.Join(state, "debug_mode") {
		t.Fatalf("the debug mode file is not in the ledger: %+v %v", plan, err)
	}
	if _, err := root.Reset(ctx(t)); err != nil {
		t.Fatal(err)
	}
	plan, err = root.Uninstall(ctx(t), "")
	var kept []string
	for _, s := range plan.Steps {
		kept = append(kept, s.Kind)
	}
	if err != nil || !slices.Equal(kept, []string{"file_created", "package_installed", "model_pulled"}) {
		t.Fatalf("after reset the ledger holds %q, %v", kept, err)
	}
}

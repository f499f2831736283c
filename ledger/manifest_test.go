package ledger

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const manifest = `[
 {"kind": "dir_created", "target": "/var/lib/anna", "detail": "owned"},
 {"kind": "file_created", "target": "/usr/local/bin/annad"},
 {"kind": "group_created", "target": "anna"},
 {"kind": "user_added_to_group", "target": "alice", "detail": "anna"},
 {"kind": "unit_enabled", "target": "annad.socket"},
 {"kind": "selinux_label", "target": "annad"}
]`

func TestImportManifestOnceAndIdempotent(t *testing.T) {
	d, state := openDir(t)
	l := mustOpen(t, d)
	if n, err := l.ImportManifest(); n != 0 || err != nil {
		t.Fatalf("no manifest: %d %v", n, err)
	}
	path := filepath.Join(state, ManifestName)
	if err := os.WriteFile(path, []byte(manifest), 0o600); err != nil {
		t.Fatal(err)
	}
	if n, err := l.ImportManifest(); n != 6 || err != nil {
		t.Fatalf("import: %d %v", n, err)
	}
	es := mustOpen(t, d).Entries()
	if len(es) != 6 || !es[0].Owned || es[3].Group != "anna" || es[3].Target != "alice" || es[5].Kind != "selinux_label" || es[1].Cause != "installer:2" {
		t.Fatalf("imported %+v", es)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the manifest was not renamed: %v", err)
	}
	if done, _ := filepath.Glob(path + ".imported-*"); len(done) != 1 {
		t.Fatalf("no imported manifest kept: %v", done)
	}
	// An upgrade leaves a manifest again; only what is new is added.
	again := strings.Replace(manifest, `{"kind": "group_created"`, `{"kind": "file_created", "target": "/usr/local/bin/annactl"},
 {"kind": "group_created"`, 1)
	if err := os.WriteFile(path, []byte(again), 0o600); err != nil {
		t.Fatal(err)
	}
	if n, err := l.ImportManifest(); n != 1 || err != nil || len(l.Entries()) != 7 {
		t.Fatalf("second import: %d %v %d", n, err, len(l.Entries()))
	}
}

func TestBadManifestImportsNothingAndStays(t *testing.T) {
	d, state := openDir(t)
	l := mustOpen(t, d)
	path := filepath.Join(state, ManifestName)
	for _, bad := range []string{`[{"kind": "file_created", "target": "relative"}]`, `{"not": "a list"}`} {
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		if n, err := l.ImportManifest(); n != 0 || err == nil || !strings.HasPrefix(err.Error(), "cannot") {
			t.Fatalf("%s: %d %v", bad, n, err)
		}
		if _, err := os.Stat(path); err != nil || len(l.Entries()) != 0 {
			t.Fatalf("%s: the manifest moved or entries were added: %v", bad, err)
		}
	}
}

package ledger

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const manifest = `{"version": 1, "entries": [
 {"kind": "dir", "target": "/var/lib/anna", "detail": "mode 0700"},
 {"kind": "file", "target": "/usr/local/bin/annad", "detail": "sha256:00"},
 {"kind": "group", "target": "anna", "detail": "system group"},
 {"kind": "group_member", "target": "anna", "detail": "alice"},
 {"kind": "unit_enabled", "target": "annad.socket", "detail": "systemctl enable"},
 {"kind": "file", "target": "/etc/systemd/system/annad.socket", "detail": "sha256:00"},
 {"kind": "selinux_label", "target": "annad"}
]}`

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
	if n, err := l.ImportManifest(); n != 7 || err != nil {
		t.Fatalf("import: %d %v", n, err)
	}
	es := mustOpen(t, d).Entries()
	var kinds []string
	for _, e := range es {
		kinds = append(kinds, string(e.Kind))
	}
	if strings.Join(kinds, " ") != "dir_created file_created group_created user_added_to_group unit_enabled unit_installed selinux_label" ||
		es[3].Group != "anna" || es[3].Target != "alice" || es[1].Cause != "installer:2" || es[1].Reason != "installed by install.sh" {
		t.Fatalf("imported %+v", es)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the manifest was not renamed: %v", err)
	}
	if done, _ := filepath.Glob(path + ".imported-*"); len(done) != 1 {
		t.Fatalf("no imported manifest kept: %v", done)
	}
	// An upgrade leaves a manifest again; only what is new is added.
	again := strings.Replace(manifest, `{"kind": "group",`, `{"kind": "file", "target": "/usr/local/bin/annactl", "detail": "sha256:00"},
 {"kind": "group",`, 1)
	if err := os.WriteFile(path, []byte(again), 0o600); err != nil {
		t.Fatal(err)
	}
	if n, err := l.ImportManifest(); n != 1 || err != nil || len(l.Entries()) != 8 {
		t.Fatalf("second import: %d %v %d", n, err, len(l.Entries()))
	}
}

func TestBadManifestImportsNothingAndStays(t *testing.T) {
	d, state := openDir(t)
	l := mustOpen(t, d)
	path := filepath.Join(state, ManifestName)
	for _, bad := range []string{`{"version": 1, "entries": [{"kind": "file", "target": "relative"}]}`, `{"version": 2, "entries": []}`, `[]`} {
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

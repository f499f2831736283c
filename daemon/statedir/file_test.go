package statedir

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileIsAtomicPrivateAndFollowsNoSymlink(t *testing.T) {
	root := t.TempDir()
	d, err := Open(filepath.Join(root, "state"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.ReadFile("debug"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
	for _, v := range []string{"on\n", "off\n"} {
		if err := d.WriteFile("debug", []byte(v)); err != nil {
			t.Fatal(err)
		}
		if got, err := d.ReadFile("debug"); err != nil || string(got) != v {
			t.Fatalf("read back %q, %v; want %q", got, err, v)
		}
	}
	fi, err := os.Lstat(filepath.Join(d.Path(), "debug"))
	if err != nil || fi.Mode() != 0o600 {
		t.Fatalf("mode %v, %v", fi.Mode(), err)
	}
	entries, _ := os.ReadDir(d.Path())
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}

	// A symlink planted at the name is replaced, and its target untouched;
	// reading through one is refused.
	victim := filepath.Join(root, "victim")
	write(t, victim)
	link := filepath.Join(d.Path(), "debug")
	os.Remove(link)
	symlink(t, victim, link)
	if _, err := d.ReadFile("debug"); err == nil {
		t.Fatal("read through a symlink")
	}
	if err := d.WriteFile("debug", []byte("on\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Fatalf("wrote through a symlink: the target now holds %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("the symlink was not replaced: %v, %v", fi, err)
	}

	if err := d.Remove("debug"); err != nil {
		t.Fatal(err)
	}
	if err := d.Remove("debug"); err != nil {
		t.Fatalf("removing a missing file: %v", err)
	}
	for _, bad := range []string{"", ".", "..", "../x", "a/b", ".tmp-x"} {
		if d.WriteFile(bad, nil) == nil {
			t.Errorf("wrote %q", bad)
		}
	}
}

func TestReadFileRefusesLargeAndOddFiles(t *testing.T) {
	d, err := Open(filepath.Join(t.TempDir(), "state"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := os.WriteFile(filepath.Join(d.Path(), "big"), []byte(strings.Repeat("x", MaxFileBytes+1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ReadFile("big"); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("large file: %v", err)
	}
	mkdir(t, filepath.Join(d.Path(), "dir"), 0o700)
	if _, err := d.ReadFile("dir"); err == nil {
		t.Fatal("read a directory")
	}
}

func TestRenameKeepsBothAndNamesLists(t *testing.T) {
	d, err := Open(filepath.Join(t.TempDir(), "state"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, n := range []string{"ledger.json", "kept"} {
		if err := d.WriteFile(n, []byte(n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Rename("ledger.json", "kept"); err == nil {
		t.Fatal("rename replaced an existing file")
	}
	if err := d.Rename("ledger.json", "ledger.json.corrupt-1"); err != nil {
		t.Fatal(err)
	}
	for range 2 { // a second listing sees the same names
		if got, err := d.Names("ledger.json", 8); err != nil || len(got) != 1 || got[0] != "ledger.json.corrupt-1" {
			t.Fatalf("names %v, %v", got, err)
		}
	}
	if _, err := d.ReadFileLimit("kept", 3); err == nil || !strings.Contains(err.Error(), "more than the 3") {
		t.Fatalf("limit not applied: %v", err)
	}
	if b, err := d.ReadFileLimit("kept", 4); err != nil || string(b) != "kept" {
		t.Fatalf("read %q, %v", b, err)
	}
}

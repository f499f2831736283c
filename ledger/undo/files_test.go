package undo

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func intact(t *testing.T, p string) {
	t.Helper()
	if b, err := os.ReadFile(p); err != nil || string(b) != "precious" {
		t.Fatalf("%s was touched: %q %v", p, b, err)
	}
}

// Nothing is followed through a symlink: not a planted link at the path,
// not a link among its directories, not one inside a directory removed
// whole.
func TestHostFilesFollowNoSymlink(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim")
	write(t, victim, "precious")
	h := HostFiles{Root: root}

	link := filepath.Join(root, "usr/local/bin/annad")
	write(t, link, "x")
	os.Remove(link)
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	if err := h.Remove("/usr/local/bin/annad"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(link); !os.IsNotExist(err) {
		t.Fatal("the link is still there")
	}
	intact(t, victim)

	if err := os.Symlink(outside, filepath.Join(root, "etc")); err != nil {
		t.Fatal(err)
	}
	if err := h.Remove("/etc/victim"); err == nil || !strings.HasPrefix(err.Error(), "cannot remove /etc/victim") {
		t.Fatalf("removed through a symlinked directory: %v", err)
	}
	if err := h.Restore("/etc/victim", "/var/lib/anna/backups/1", 0); err == nil {
		t.Fatal("restored through a symlinked directory")
	}
	intact(t, victim)

	owned := filepath.Join(root, "var/lib/anna")
	write(t, filepath.Join(owned, "learned/1000/notes"), "x")
	if err := os.Symlink(outside, filepath.Join(owned, "learned/out")); err != nil {
		t.Fatal(err)
	}
	if err := h.RemoveDir("/var/lib/anna", true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(owned); !os.IsNotExist(err) {
		t.Fatal("the owned directory is still there")
	}
	intact(t, victim)
}

func TestRemoveDirLeavesWhatAnnaDidNotRecord(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "etc/anna/users-notes"), "precious")
	h := HostFiles{Root: root}
	if err := h.RemoveDir("/etc/anna", false); err == nil || !strings.Contains(err.Error(), "holds files Anna did not record") {
		t.Fatalf("%v", err)
	}
	intact(t, filepath.Join(root, "etc/anna/users-notes"))
	if err := h.RemoveDir("/etc/gone", false); err != nil {
		t.Fatalf("a missing directory: %v", err)
	}
}

func TestRestoreKeepsTheTargetOnFailure(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "etc/anna/config.toml")
	write(t, target, "precious")
	h := HostFiles{Root: root}
	if err := h.Restore("/etc/anna/config.toml", "/var/lib/anna/backups/missing", 0); err == nil {
		t.Fatal("restored from a missing backup")
	}
	intact(t, target)
	write(t, filepath.Join(root, "var/lib/anna/backups/3"), "old")
	if err := h.Restore("/etc/anna/config.toml", "/var/lib/anna/backups/3", 0o640); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(target)
	if b, _ := os.ReadFile(target); string(b) != "old" || fi.Mode().Perm() != 0o640 {
		t.Fatalf("restored %q mode %v", b, fi.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(root, "etc/anna/.anna-restore-*")); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestRemoveIfUnchanged(t *testing.T) {
	root := t.TempDir()
	h := HostFiles{Root: root}
	digest := "sha256:" + hex.EncodeToString(func() []byte { s := sha256.Sum256([]byte("binary")); return s[:] }())
	write(t, filepath.Join(root, "usr/local/bin/annad"), "binary")
	if err := h.RemoveIfUnchanged("/usr/local/bin/annad", digest); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(root, "usr/local/bin/annad")); !os.IsNotExist(err) {
		t.Fatal("an unchanged file was left")
	}
	write(t, filepath.Join(root, "etc/anna/config.toml"), "precious")
	if err := h.RemoveIfUnchanged("/etc/anna/config.toml", digest); !errors.Is(err, ErrKept) || !strings.Contains(err.Error(), "changed since Anna wrote it") {
		t.Fatalf("an edited file: %v", err)
	}
	intact(t, filepath.Join(root, "etc/anna/config.toml"))
	victim := filepath.Join(t.TempDir(), "victim")
	write(t, victim, "precious")
	if err := os.Symlink(victim, filepath.Join(root, "usr/local/bin/annad")); err != nil {
		t.Fatal(err)
	}
	if err := h.RemoveIfUnchanged("/usr/local/bin/annad", digest); !errors.Is(err, ErrKept) {
		t.Fatalf("a symlink in place of the file: %v", err)
	}
	intact(t, victim)
	if err := h.RemoveIfUnchanged("/usr/local/bin/gone", digest); err != nil {
		t.Fatalf("a missing file: %v", err)
	}
}

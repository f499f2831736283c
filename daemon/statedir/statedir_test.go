package statedir

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func mkdir(t *testing.T, p string, mode os.FileMode) string {
	t.Helper()
	if err := os.MkdirAll(p, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func write(t *testing.T, p string) {
	t.Helper()
	if err := os.WriteFile(p, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func TestOpenCreatesAPrivateDirectory(t *testing.T) {
	p := filepath.Join(t.TempDir(), "var", "lib", "anna")
	d, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	fi, err := os.Stat(p)
	if err != nil || fi.Mode().Perm() != 0o700 || d.Path() != p {
		t.Fatalf("created %v %v", fi.Mode(), err)
	}
	// A sticky world-writable parent (like /tmp) is fine.
	sticky := mkdir(t, filepath.Join(t.TempDir(), "tmp"), 0o777|os.ModeSticky)
	d2, err := Open(filepath.Join(sticky, "anna"))
	if err != nil {
		t.Fatalf("under a sticky parent: %v", err)
	}
	d2.Close()
}

func TestOpenRefusesUnsafeDirectories(t *testing.T) {
	base := t.TempDir()
	real := mkdir(t, filepath.Join(base, "real"), 0o700)
	symlink(t, real, filepath.Join(base, "link"))
	cases := map[string]struct {
		path, want string
	}{
		"symlinked state dir": {filepath.Join(base, "link"), "it is a symlink"},
		"mode 0777":           {mkdir(t, filepath.Join(base, "open"), 0o777), "writable by group or others (mode 0777)"},
		"group-writable":      {mkdir(t, filepath.Join(base, "group"), 0o770), "writable by group or others"},
		"open parent":         {filepath.Join(mkdir(t, filepath.Join(base, "pub"), 0o777), "anna"), "its parent " + filepath.Join(base, "pub") + " is writable"},
		"a file":              {filepath.Join(base, "file"), "not a directory"},
	}
	write(t, filepath.Join(base, "file"))
	if os.Geteuid() == 0 {
		other := mkdir(t, filepath.Join(base, "other"), 0o700)
		if err := os.Chown(other, 1000, 1000); err != nil {
			t.Fatal(err)
		}
		cases["owned by another uid"] = struct{ path, want string }{other, "owned by"}
		home := mkdir(t, filepath.Join(base, "home"), 0o755)
		if err := os.Chown(home, 1000, 1000); err != nil {
			t.Fatal(err)
		}
		cases["parent owned by another uid"] = struct{ path, want string }{mkdir(t, filepath.Join(home, "anna"), 0o700), "its parent " + home + " is owned by"}
		// Through a symlinked parent into a directory another user owns.
		symlink(t, home, filepath.Join(base, "via"))
		cases["symlinked parent"] = struct{ path, want string }{filepath.Join(base, "via", "anna"), "is owned by"}
	}
	for name, c := range cases {
		d, err := Open(c.path)
		if err == nil {
			d.Close()
			t.Errorf("%s: accepted %s", name, c.path)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "cannot use state directory ") || !strings.Contains(msg, c.want) || !strings.Contains(msg, "; fix: ") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := Open(filepath.Join(base, "open")); err == nil || !strings.Contains(err.Error(), "chmod 0700") {
		t.Errorf("no fix given: %v", err)
	}
	if _, err := os.Stat(filepath.Join(base, "pub", "anna")); err == nil {
		t.Error("Open created a directory under an unsafe parent")
	}
}

// victim is a directory outside the state directory, as root's files were
// in the issue; nothing may ever be removed from it.
func victim(t *testing.T) (dir, file string) {
	dir = mkdir(t, filepath.Join(t.TempDir(), "victim"), 0o700)
	file = filepath.Join(dir, "root-file")
	write(t, file)
	return dir, file
}

func intact(t *testing.T, files ...string) {
	t.Helper()
	for _, f := range files {
		if b, err := os.ReadFile(f); err != nil || string(b) != "precious" {
			t.Fatalf("%s was touched: %v", f, err)
		}
	}
}

func open(t *testing.T) (*Dir, string) {
	p := filepath.Join(t.TempDir(), "state")
	d, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, p
}

func TestEmptyRemovesALearnedSymlinkNotItsTarget(t *testing.T) {
	vdir, vfile := victim(t)
	d, state := open(t)
	ledger := filepath.Join(state, "ledger.json")
	write(t, ledger)
	for _, target := range []string{vdir, ".", ".."} {
		symlink(t, target, filepath.Join(state, "learned"))
		// A member's reset names only their own entry and leaves the link.
		if got, err := d.Empty("learned", "1000"); err != nil || len(got) != 0 {
			t.Fatalf("member, learned → %s: %v %v", target, got, err)
		}
		got, err := d.Empty("learned", "")
		if err != nil || !slices.Equal(got, []string{filepath.Join(state, "learned")}) {
			t.Fatalf("learned → %s: removed %v, %v", target, got, err)
		}
		if _, err := os.Lstat(filepath.Join(state, "learned")); !os.IsNotExist(err) {
			t.Fatalf("the symlink is still there: %v", err)
		}
		intact(t, vfile, ledger)
	}
}

func TestEmptyFollowsNoNestedSymlink(t *testing.T) {
	vdir, vfile := victim(t)
	d, state := open(t)
	learned := mkdir(t, filepath.Join(state, "learned"), 0o700)
	symlink(t, vdir, filepath.Join(learned, "top"))
	deep := mkdir(t, filepath.Join(learned, "a", "b", "c"), 0o700)
	symlink(t, vdir, filepath.Join(deep, "dirlink"))
	symlink(t, vfile, filepath.Join(deep, "filelink"))
	symlink(t, "../../../../..", filepath.Join(deep, "up"))
	write(t, filepath.Join(deep, "note"))
	mine := mkdir(t, filepath.Join(learned, "1000"), 0o700)
	symlink(t, vdir, filepath.Join(mine, "x"))
	theirs := mkdir(t, filepath.Join(learned, "1001"), 0o700)
	write(t, filepath.Join(theirs, "kept"))
	symlink(t, vdir, filepath.Join(learned, "1002"))

	got, err := d.Empty("learned", "1000")
	if err != nil || !slices.Equal(got, []string{mine}) {
		t.Fatalf("member 1000: %v %v", got, err)
	}
	intact(t, vfile, filepath.Join(theirs, "kept"))
	if got, err := d.Empty("learned", "1002"); err != nil || len(got) != 1 {
		t.Fatalf("member 1002 whose entry is a link: %v %v", got, err)
	}
	intact(t, vfile)

	got, err = d.Empty("learned", "")
	if err != nil || len(got) != 3 {
		t.Fatalf("root: %v %v", got, err)
	}
	if left, _ := os.ReadDir(learned); len(left) != 0 {
		t.Fatalf("left %v", left)
	}
	intact(t, vfile)
	if got, err := d.Empty("learned", ""); err != nil || len(got) != 0 {
		t.Fatalf("second reset: %v %v", got, err)
	}
}

// The directory was checked and opened once: swapping its path for a
// symlink afterwards does not redirect removals.
func TestEmptyWorksOnTheOpenedDirectory(t *testing.T) {
	vdir, vfile := victim(t)
	learnedVictim := mkdir(t, filepath.Join(vdir, "learned"), 0o700)
	write(t, filepath.Join(learnedVictim, "x"))
	d, state := open(t)
	mkdir(t, filepath.Join(state, "learned", "old"), 0o700)
	if err := os.Rename(state, state+".moved"); err != nil {
		t.Fatal(err)
	}
	symlink(t, vdir, state)
	if _, err := d.Empty("learned", ""); err != nil {
		t.Fatal(err)
	}
	intact(t, vfile, filepath.Join(learnedVictim, "x"))
	if left, _ := os.ReadDir(filepath.Join(state+".moved", "learned")); len(left) != 0 {
		t.Fatalf("the opened directory was not emptied: %v", left)
	}
}

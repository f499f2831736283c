package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestHistoryPath(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_STATE_HOME": "/x/state", "HOME": "/home/u"}, "/x/state/anna/history"},
		{map[string]string{"HOME": "/home/u"}, "/home/u/.local/state/anna/history"},
		{map[string]string{"XDG_STATE_HOME": "relative", "HOME": "/home/u"}, "/home/u/.local/state/anna/history"},
		{map[string]string{}, ""},
	}
	for _, tt := range tests {
		if got := historyPath(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("historyPath(%v) = %q, want %q", tt.env, got, tt.want)
		}
	}
}

func TestAppendHistory(t *testing.T) {
	var h []string
	for _, line := range []string{"one", "", "  ", "one", "EXIT", " quit ", ":wq", "two", " one "} {
		h = appendHistory(h, line)
	}
	if want := []string{"one", "two", "one"}; !slices.Equal(h, want) {
		t.Errorf("history = %q, want %q", h, want)
	}
	h = nil
	for i := range historyLimit + 5 {
		h = appendHistory(h, fmt.Sprint("q", i))
	}
	if len(h) != historyLimit || h[0] != "q5" || h[len(h)-1] != fmt.Sprint("q", historyLimit+4) {
		t.Errorf("cap: %d entries from %q to %q", len(h), h[0], h[len(h)-1])
	}
}

func TestSaveAndLoadHistory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "anna", "history")
	entries := []string{"what uses my memory", "안녕하세요"}
	if err := saveHistory(path, entries); err != nil {
		t.Fatal(err)
	}
	if got := loadHistory(path); !slices.Equal(got, entries) {
		t.Errorf("loaded %q, want %q", got, entries)
	}
	for p, mode := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700 | os.ModeDir} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode() != mode {
			t.Errorf("%s has mode %v, want %v", p, fi.Mode(), mode)
		}
	}
	// Saving again replaces the file and leaves no temporary files.
	if err := saveHistory(path, entries[:1]); err != nil {
		t.Fatal(err)
	}
	names, _ := os.ReadDir(filepath.Dir(path))
	if len(names) != 1 {
		t.Errorf("directory holds %d files, want 1", len(names))
	}
	if got := loadHistory(path); !slices.Equal(got, entries[:1]) {
		t.Errorf("loaded %q after rewrite", got)
	}
	if got := loadHistory(filepath.Join(t.TempDir(), "missing")); got != nil {
		t.Errorf("missing file gave %q", got)
	}
	if err := saveHistory("", entries); err != nil {
		t.Errorf("no path: %v", err)
	}
}

func TestSaveHistoryReportsFailure(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := saveHistory(filepath.Join(blocker, "anna", "history"), []string{"x"})
	if err == nil {
		t.Fatal("saving under a regular file succeeded")
	}
	if msg := err.Error(); len(msg) < 7 || msg[:7] != "cannot " {
		t.Errorf("error %q does not start with \"cannot\"", msg)
	}
}

func TestIsExitWord(t *testing.T) {
	for _, w := range []string{"exit", "quit", "bye", "q", ":q", ":wq", " EXIT ", "Quit", "BYE\t"} {
		if !isExitWord(w) {
			t.Errorf("%q is an exit word", w)
		}
	}
	for _, w := range []string{"exit now", "quitting", "", ":w", "qq"} {
		if isExitWord(w) {
			t.Errorf("%q is not an exit word", w)
		}
	}
}

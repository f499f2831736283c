package hardware

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// Fixture trees are kept as txtar-style archives and expanded per test:
// sysfs paths contain ':' and symlinks, which a Go module zip refuses.
// "-- path --" starts a file, "-- path -> target --" is a symlink, and text
// before the first marker is a comment.

// expandFixture writes testdata/<name>.txtar into a fresh directory and
// returns a layout rooted there.
func expandFixture(t testing.TB, name string) dirs.Layout {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	var path string
	var body strings.Builder
	flush := func() {
		if path != "" {
			writeFixtureFile(t, filepath.Join(root, path), body.String())
		}
		path = ""
		body.Reset()
	}
	for _, line := range strings.SplitAfter(string(b), "\n") {
		trimmed := strings.TrimSuffix(line, "\n")
		if !strings.HasPrefix(trimmed, "-- ") || !strings.HasSuffix(trimmed, " --") {
			if path != "" {
				body.WriteString(line)
			}
			continue
		}
		flush()
		name := strings.TrimSuffix(strings.TrimPrefix(trimmed, "-- "), " --")
		if link, target, ok := strings.Cut(name, " -> "); ok {
			p := filepath.Join(root, link)
			mkdirFor(t, p)
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		path = name
	}
	flush()
	return dirs.At(root)
}

func writeFixtureFile(t testing.TB, p, content string) {
	t.Helper()
	mkdirFor(t, p)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mkdirFor(t testing.TB, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestExpandFixture guards the expander itself, since every other test
// trusts it: files keep their bytes, symlinks keep their targets.
func TestExpandFixture(t *testing.T) {
	l := expandFixture(t, "two-gpus")
	b, err := os.ReadFile(filepath.Join(l.Proc(), "meminfo"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "MemTotal:       32803448 kB\n") || strings.Contains(string(b), "--") {
		t.Errorf("meminfo = %q", b)
	}
	target, err := os.Readlink(filepath.Join(l.Sys(), "class/drm/card1/device"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "../../../devices/pci0000:00/0000:00:03.1/0000:0c:00.0"; target != want {
		t.Errorf("card1/device -> %q, want %q", target, want)
	}
	if _, err := os.Stat(filepath.Join(l.Sys(), "class/drm/card1/device/mem_info_vram_total")); err != nil {
		t.Errorf("symlink does not resolve: %v", err)
	}
}

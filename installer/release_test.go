package installer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

var release struct {
	once sync.Once
	dir  string
	err  error
}

// TestMain removes the release directory that the tests share.
func TestMain(m *testing.M) {
	code := m.Run()
	if release.dir != "" {
		os.RemoveAll(filepath.Dir(release.dir))
	}
	os.Exit(code)
}

// releaseDir runs `make release` once for this machine's architecture and
// returns its dist directory.
func releaseDir(t *testing.T) string {
	t.Helper()
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		t.Skipf("releases are built for amd64 and arm64, not %s", runtime.GOARCH)
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed (apt-get install make)")
	}
	release.once.Do(func() {
		tmp, err := os.MkdirTemp("", "anna-release-")
		if err != nil {
			release.err = err
			return
		}
		release.dir = filepath.Join(tmp, "dist")
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "make", "-s", "-C", "..", "release", "DIST="+release.dir, "RELEASE_ARCHS="+runtime.GOARCH)
		if out, err := cmd.CombinedOutput(); err != nil {
			release.err = fmt.Errorf("make release: %v\n%s", err, out)
		}
	})
	if release.err != nil {
		t.Fatal(release.err)
	}
	return release.dir
}

// The release holds the embedded files byte for byte, the binaries and
// SHA256SUMS, and nothing else; SHA256SUMS is right for every file.
func TestReleaseIsTheEmbeddedFiles(t *testing.T) {
	dir := releaseDir(t)
	want := []string{"SHA256SUMS", "annactl-linux-" + runtime.GOARCH, "annad-linux-" + runtime.GOARCH, "ollama.pins"}
	for _, f := range Files() {
		want = append(want, f.Name)
		got, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil || !bytes.Equal(got, f.Data) {
			t.Errorf("dist/%s differs from installer/%s (%v): the release must ship the embedded file", f.Name, f.Source, err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("dist holds %q, want %q", got, want)
	}
	sums, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(string(sums), "\n"), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		data, err := os.ReadFile(filepath.Join(dir, name))
		h := sha256.Sum256(data)
		if !ok || err != nil || hex.EncodeToString(h[:]) != sum || listed[name] {
			t.Errorf("SHA256SUMS line %q does not match the file (%v)", line, err)
		}
		listed[name] = true
	}
	if len(listed) != len(want)-1 {
		t.Errorf("SHA256SUMS lists %d files, dist has %d besides it", len(listed), len(want)-1)
	}
}

// The binaries are static (no interpreter, so they run on any glibc or
// musl system) and carry the release version.
func TestReleaseBinaries(t *testing.T) {
	dir := releaseDir(t)
	for _, name := range []string{"annad", "annactl"} {
		p := filepath.Join(dir, name+"-linux-"+runtime.GOARCH)
		f, err := elf.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, prog := range f.Progs {
			if prog.Type == elf.PT_INTERP || prog.Type == elf.PT_DYNAMIC {
				t.Errorf("%s is dynamically linked", p)
			}
		}
		f.Close()
		out, err := exec.Command(p, "-V").Output()
		if err != nil || !regexp.MustCompile(`^`+name+` \d+\.\d+\.\d+\S*\n$`).Match(out) || bytes.Contains(out, []byte("-dev")) {
			t.Errorf("%s -V: %q, %v; want the release version", name, out, err)
		}
	}
}

// unitsWithBinary copies the units to a temporary directory with
// ExecStart naming the release's annad, since systemd-analyze checks that
// the binary exists.
func unitsWithBinary(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		skipOutsideCI(t, "systemd-analyze is not installed (apt-get install systemd); CI has it")
	}
	bin := filepath.Join(releaseDir(t), "annad-linux-"+runtime.GOARCH)
	dir := t.TempDir()
	for _, name := range []string{"annad.socket", "annad.service"} {
		data := bytes.ReplaceAll(file(t, name).Data, []byte(BinDir+"/annad"), []byte(bin))
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func analyze(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "systemd-analyze", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// systemd-analyze verify exits 0 even with warnings: any output fails.
func TestUnitsVerify(t *testing.T) {
	dir := unitsWithBinary(t)
	out, err := analyze(t, dir, "verify", "annad.socket", "annad.service")
	if err != nil || out != "" {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// SecurityThreshold is the highest exposure `systemd-analyze security`
// may give annad.service, times ten (docs/SECURITY.md: at most 5.0).
const securityThreshold = 50

func TestServiceExposure(t *testing.T) {
	dir := unitsWithBinary(t)
	out, err := analyze(t, dir, "security", "--offline=true", fmt.Sprintf("--threshold=%d", securityThreshold), "annad.service")
	m := regexp.MustCompile(`Overall exposure level for annad.service: (\d+\.\d+)`).FindStringSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("systemd-analyze security: exposure over %.1f or unreadable (%v):\n%s", securityThreshold/10.0, err, out)
	}
	t.Logf("exposure %s (threshold %.1f)", m[1], securityThreshold/10.0)
}

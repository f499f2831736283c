package installer

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// ollamaPin is a well-formed ollama.pins line for arch.
func ollamaPin(arch string) string {
	return arch + " https://releases.example.invalid/v0.17.4/ollama-linux-" + arch + ".tar.zst " + strings.Repeat("ab", 32) + "\n"
}

// A release that pins an Ollama archive for this architecture installs a
// config with release_url and release_sha256 set, which annad loads (it
// answers status with it), and says so; the other architecture's line is
// not used. A kept config is not touched.
func TestInstallWritesTheReleasesOllamaPin(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the root path needs root")
	}
	other := map[string]string{"amd64": "arm64", "arm64": "amd64"}[runtime.GOARCH]
	h := newHarness(t)
	h.serveResummed("ollama.pins", []byte("# pins\n"+ollamaPin(other)+ollamaPin(runtime.GOARCH)))
	code, out, errOut := h.run("SUDO_USER=alice")
	if code != 0 {
		t.Fatalf("install.sh exited %d:\n%s\n%s\nannad: %s", code, out, errOut, h.annadLog())
	}
	config, err := os.ReadFile(filepath.Join(h.root, "etc/anna/config.toml"))
	must(t, err)
	_, url, _ := strings.Cut(strings.TrimSpace(ollamaPin(runtime.GOARCH)), " ")
	url, sum, _ := strings.Cut(url, " ")
	for _, want := range []string{"\nrelease_url = \"" + url + "\"\n", "\nrelease_sha256 = \"" + sum + "\"\n", "\nmanage = true\n"} {
		if !strings.Contains(string(config), want) {
			t.Errorf("the installed config lacks %q:\n%s", want, config)
		}
	}
	if strings.Contains(string(config), "linux-"+other) {
		t.Errorf("the installed config pins the %s archive", other)
	}
	if !strings.Contains(out, "annad installs it from "+url) {
		t.Errorf("the closing lines do not say where annad gets Ollama:\n%s", out)
	}

	// Run again from a release without pins: the config is the user's now.
	h.stopAnnad()
	delete(h.served, "ollama.pins")
	delete(h.served, "SHA256SUMS")
	code, out, errOut = h.run("SUDO_USER=alice")
	if code != 0 {
		t.Fatalf("second install.sh exited %d:\n%s\n%s", code, out, errOut)
	}
	if again, _ := os.ReadFile(filepath.Join(h.root, "etc/anna/config.toml")); string(again) != string(config) {
		t.Errorf("a second run changed the kept config:\n%s", again)
	}
	if strings.Contains(out, "pins no Ollama archive") || strings.Contains(out, "installs it from") {
		t.Errorf("with a kept config the closing lines must not claim what it pins:\n%s", out)
	}
}

// make release-pins copies the release maker's pins and refuses a line
// that is not `ARCH URL SHA256` or a second line for one architecture,
// leaving no pins file behind.
func TestReleasePins(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed (apt-get install make)")
	}
	dir := t.TempDir()
	pins := func(name, body string) (string, error) {
		src := filepath.Join(dir, name)
		must(t, os.WriteFile(src, []byte(body), 0o644))
		dist := filepath.Join(dir, name+".dist")
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		out, err := exec.CommandContext(ctx, "make", "-s", "-C", "..", "release-pins", "DIST="+dist, "OLLAMA_PINS="+src).CombinedOutput()
		got, rerr := os.ReadFile(filepath.Join(dist, "ollama.pins"))
		if err != nil {
			if rerr == nil {
				t.Errorf("%s: make release-pins failed but left ollama.pins", name)
			}
			return string(out), err
		}
		return string(got), rerr
	}
	good := "# checked against the archives\n" + ollamaPin("amd64") + "\n" + ollamaPin("arm64")
	got, err := pins("good", good)
	if err != nil || !strings.HasSuffix(got, ollamaPin("amd64")+ollamaPin("arm64")) || strings.Contains(got, "checked against") {
		t.Errorf("good pins: %v\n%s", err, got)
	}
	for name, body := range map[string]string{
		"twice":    ollamaPin("amd64") + ollamaPin("amd64"),
		"riscv":    ollamaPin("riscv64"),
		"short":    "amd64 https://example.invalid/o.tgz abc\n",
		"quote":    `amd64 https://example.invalid/o".tgz ` + strings.Repeat("ab", 32) + "\n",
		"ftp":      "amd64 ftp://example.invalid/o.tgz " + strings.Repeat("ab", 32) + "\n",
		"upper":    "amd64 https://example.invalid/o.tgz " + strings.Repeat("AB", 32) + "\n",
		"trailing": strings.TrimSuffix(ollamaPin("amd64"), "\n") + " x\n",
	} {
		if out, err := pins(name, body); err == nil || !strings.Contains(out, "release-pins:") {
			t.Errorf("%s: make release-pins accepted %q (%v):\n%s", name, body, err, out)
		}
	}
}

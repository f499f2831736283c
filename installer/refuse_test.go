package installer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A damaged, tampered or partial release, and a machine Anna cannot run
// on, are refused before anything changes: the root is as it was, no
// privileged command ran, nothing is left in TMPDIR.
func TestInstallRefusesAndChangesNothing(t *testing.T) {
	annad := "annad-linux-" + runtime.GOARCH
	cases := []struct {
		name  string
		setup func(h *harness) []string
		want  string
	}{
		{"tampered binary", func(h *harness) []string {
			b, err := os.ReadFile(filepath.Join(h.dist, annad))
			must(t, err)
			b[len(b)/2] ^= 1
			h.served[annad] = b
			return nil
		}, "cannot verify the download"},
		{"tampered unit", func(h *harness) []string {
			h.served["annad.service"] = append(file(t, "annad.service").Data, "ExecStartPre=/bin/sh -c evil\n"...)
			return nil
		}, "cannot verify the download"},
		{"truncated binary", func(h *harness) []string {
			b, err := os.ReadFile(filepath.Join(h.dist, annad))
			must(t, err)
			h.served[annad] = b[:len(b)/3]
			return nil
		}, "cannot verify the download"},
		{"missing file", func(h *harness) []string {
			h.served["annad.socket"] = nil
			return nil
		}, "cannot download"},
		{"SHA256SUMS without the binary", func(h *harness) []string {
			b, err := os.ReadFile(filepath.Join(h.dist, "SHA256SUMS"))
			must(t, err)
			var keep []string
			for _, l := range strings.Split(string(b), "\n") {
				if !strings.HasSuffix(l, "  "+annad) {
					keep = append(keep, l)
				}
			}
			h.served["SHA256SUMS"] = []byte(strings.Join(keep, "\n"))
			return nil
		}, "SHA256SUMS lists it 0 times"},
		{"two Ollama pins for this architecture", func(h *harness) []string {
			pins := []byte(ollamaPin(runtime.GOARCH) + ollamaPin(runtime.GOARCH))
			h.serveResummed("ollama.pins", pins)
			return nil
		}, "its " + runtime.GOARCH + " line is not 'ARCH URL SHA256' once"},
		{"an Ollama pin that is not a digest", func(h *harness) []string {
			h.serveResummed("ollama.pins", []byte(runtime.GOARCH+" https://example.invalid/o.tgz 1234\n"))
			return nil
		}, "its " + runtime.GOARCH + " line is not 'ARCH URL SHA256' once"},
		{"no systemd", func(h *harness) []string {
			must(t, os.RemoveAll(filepath.Join(h.root, "run")))
			return nil
		}, "systemd is not running as PID 1"},
		{"unsupported architecture", func(h *harness) []string {
			p := filepath.Join(h.bin, "uname")
			must(t, os.Remove(p))
			must(t, os.WriteFile(p, []byte("#!/bin/bash\necho riscv64\n"), 0o755))
			return nil
		}, "architecture riscv64 is not supported"},
		{"no curl", func(h *harness) []string {
			must(t, os.Remove(filepath.Join(h.bin, "curl")))
			return nil
		}, "curl is missing"},
		{"no sha256sum", func(h *harness) []string {
			must(t, os.Remove(filepath.Join(h.bin, "sha256sum")))
			return nil
		}, "sha256sum is missing"},
		{"plain http elsewhere", func(h *harness) []string {
			return []string{"ANNA_RELEASE_URL=http://anna.invalid/release"}
		}, "must be an https:// URL"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			env, _ := h.user()
			env = append(env, c.setup(h)...)
			before := h.snapshot()
			code, out, errOut := h.run(env...)
			if code == 0 || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, stderr %q; want a failure saying %q\n%s", code, errOut, c.want, out)
			}
			if after := h.snapshot(); !reflect.DeepEqual(after, before) {
				t.Errorf("the machine changed:\n%s", diffSnap(before, after))
			}
			if cmds := h.commands(); len(cmds) > 0 {
				t.Errorf("commands ran: %q", cmds)
			}
		})
	}
}

// An upgrade replaces a changed binary and restarts the running annad,
// keeps an edited config, and adds nothing to the manifest. The first
// install is from a local directory (file://), as a machine without
// network would do it.
func TestInstallUpgradeKeepsEditedConfig(t *testing.T) {
	h := newHarness(t)
	env, _ := h.user()
	if code, out, errOut := h.run(append(env, "ANNA_RELEASE_URL=file://"+h.dist)...); code != 0 {
		t.Fatalf("install.sh exited %d:\n%s\n%s", code, out, errOut)
	}
	h.commands()
	cfg := filepath.Join(h.root, "etc/anna/config.toml")
	edited := append(file(t, "config.toml").Data, "\n[ollama]\nmodel = \"qwen2.5:0.5b\"\n"...)
	edited = bytes.Replace(edited, []byte("\n[ollama]\n"), nil, 1) // one [ollama] table
	must(t, os.WriteFile(cfg, edited, 0o640))

	newCtl := buildAnnactl(t, "9.9.9")
	h.served["annactl-linux-"+runtime.GOARCH] = newCtl
	sums, err := os.ReadFile(filepath.Join(h.dist, "SHA256SUMS"))
	must(t, err)
	h.served["SHA256SUMS"] = resum(t, sums, "annactl-linux-"+runtime.GOARCH, newCtl)

	code, out, errOut := h.run(env...)
	if code != 0 {
		t.Fatalf("upgrade exited %d:\n%s\n%s", code, out, errOut)
	}
	if !sameFile(t, filepath.Join(h.root, "usr/local/bin/annactl"), string(newCtl)) {
		t.Error("annactl was not upgraded")
	}
	if !sameFile(t, cfg, string(edited)) {
		t.Error("the edited config.toml was overwritten")
	}
	// The restarted annad imported the upgrade's manifest: the ledger now
	// knows the new annactl's digest, so uninstall removes it rather than
	// keeping it as edited since.
	sum := sha256.Sum256(newCtl)
	if !ledgerHas(t, filepath.Join(h.root, "var/lib/anna/ledger.json"), "/usr/local/bin/annactl", "sha256:"+hex.EncodeToString(sum[:])) {
		t.Error("the ledger does not record the upgraded annactl's digest")
	}
	cmds := h.privileged()
	if want := "systemctl restart annad.socket annad.service"; !contains(cmds, want) || contains(cmds, "systemctl daemon-reload") {
		t.Errorf("commands %q: want %q and no daemon-reload (no unit changed)", cmds, want)
	}
	if !strings.Contains(out, "updated /usr/local/bin/annactl") || strings.Contains(out, "updated /usr/local/bin/annad\n") {
		t.Errorf("output:\n%s", out)
	}
}

// ledgerHas reports whether the ledger at path records target as a file
// Anna created with digest.
func ledgerHas(t *testing.T, path, target, digest string) bool {
	t.Helper()
	data, err := os.ReadFile(path)
	must(t, err)
	var doc struct {
		Entries []struct{ Kind, Target, Digest string }
	}
	must(t, json.Unmarshal(data, &doc))
	for _, e := range doc.Entries {
		if e.Kind == "file_created" && e.Target == target && e.Digest == digest {
			return true
		}
	}
	return false
}

// buildAnnactl builds an annactl that differs from the release's only in
// its version.
func buildAnnactl(t *testing.T, version string) []byte {
	t.Helper()
	p := filepath.Join(t.TempDir(), "annactl")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", p,
		"-ldflags", "-s -w -X github.com/jjgarcianorway/anna-assistant/version.version="+version, "../cmd/annactl")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	b, err := os.ReadFile(p)
	must(t, err)
	return b
}

// serveResummed serves data as the release's file name, with SHA256SUMS
// saying its digest, as a release built with it would.
func (h *harness) serveResummed(name string, data []byte) {
	h.t.Helper()
	sums, err := os.ReadFile(filepath.Join(h.dist, "SHA256SUMS"))
	must(h.t, err)
	h.served[name] = data
	h.served["SHA256SUMS"] = resum(h.t, sums, name, data)
}

// resum replaces name's line in SHA256SUMS with data's digest.
func resum(t *testing.T, sums []byte, name string, data []byte) []byte {
	t.Helper()
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(string(sums), "\n"), "\n") {
		if strings.HasSuffix(l, "  "+name) {
			l = sha256hex(data) + "  " + name
		}
		out = append(out, l)
	}
	return []byte(strings.Join(out, "\n") + "\n")
}

package ollama

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

func pulls(s *ollamatest.Server) int {
	n := 0
	for _, r := range s.Requests() {
		if r.Pull != nil {
			n++
		}
	}
	return n
}

func TestMissingOllamaIsInstalledStartedAndPulled(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	if err := f.ensure(t); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(f.path("usr/local/bin/ollama")); err != nil || string(b) != "#!/bin/sh\necho fake ollama\n" {
		t.Errorf("bin/ollama = %q, %v", b, err)
	}
	if to, err := os.Readlink(f.path("usr/local/lib/ollama/libggml.so")); err != nil || to != "libggml-base.so" {
		t.Errorf("library link = %q, %v", to, err)
	}
	if _, err := os.Stat(f.path("usr/local/README.md")); err == nil {
		t.Error("a file outside bin/ollama and lib/ollama was unpacked")
	}
	unit, err := os.ReadFile(f.path("usr/local/lib/systemd/system/" + AnnaUnit))
	if err != nil {
		t.Fatal(err)
	}
	host := strings.TrimPrefix(f.m.URL, "http://")
	for _, want := range []string{"ExecStart=/usr/local/bin/ollama serve\n", "OLLAMA_HOST=" + host + "\n", "OLLAMA_MODELS=/var/lib/anna/models\n", "ReadWritePaths=/var/lib/anna/models\n"} {
		if !strings.Contains(string(unit), want) {
			t.Errorf("unit file lacks %q:\n%s", want, unit)
		}
	}
	if fi, err := os.Stat(f.path("var/lib/anna/models")); err != nil || !fi.IsDir() {
		t.Errorf("models dir: %v", err)
	}
	if f.units.reloads != 1 || !slices.Equal(f.units.started, []string{AnnaUnit}) {
		t.Errorf("reloads %d, started %q", f.units.reloads, f.units.started)
	}
	files := f.ledger.targets(upkeep.KindFile)
	for _, want := range []string{f.path("usr/local/bin/ollama"), f.path("usr/local/lib/ollama/libggml.so"), f.path("usr/local/lib/ollama/libggml-base.so")} {
		if !slices.Contains(files, want) {
			t.Errorf("ledger files %q lack %s", files, want)
		}
	}
	if dirs := f.ledger.targets(upkeep.KindDir); !slices.Contains(dirs, f.path("var/lib/anna/models")) || !slices.Contains(dirs, f.path("usr/local/lib/ollama")) {
		t.Errorf("ledger dirs = %q", dirs)
	}
	if u := f.ledger.targets(upkeep.KindUnit); len(u) != 1 || !strings.HasSuffix(u[0], "/"+AnnaUnit) {
		t.Errorf("ledger units = %q", u)
	}
	// annad's unit is enabled, so Ollama comes up at boot, and recorded
	// for uninstall to disable.
	if !slices.Equal(f.units.enabled, []string{AnnaUnit}) || !slices.Equal(f.ledger.targets(upkeep.KindUnitEnabled), []string{AnnaUnit}) {
		t.Errorf("enabled %q, ledger enabled %q", f.units.enabled, f.ledger.targets(upkeep.KindUnitEnabled))
	}
	if m := f.ledger.targets(upkeep.KindModel); !slices.Equal(m, []string{"llama3.2:3b"}) {
		t.Errorf("ledger models = %q", m)
	}
	chats := f.ollama.ChatRequests()
	if len(chats) != 1 || chats[0].Model != "llama3.2:3b" {
		t.Errorf("chats = %+v, want one test question to the model", chats)
	} else if n, ok := chats[0].Options["num_ctx"].(float64); !ok || int(n) != f.m.NumCtx {
		t.Errorf("the test question asked num_ctx %v, want annad's %d (Ollama reloads on a change)", chats[0].Options["num_ctx"], f.m.NumCtx)
	}
	if st := f.m.Status(); !st.Ready || st.Percent != 100 || st.LastError != "" {
		t.Errorf("status = %+v", st)
	}
	f.assertPhases(t, "downloading Ollama", "installing Ollama", "starting "+AnnaUnit, "pulling llama3.2:3b", "verifying llama3.2:3b", "ready: llama3.2:3b answers")

	// A second pass finds everything in place and changes nothing.
	entries := len(f.ledger.entries)
	if err := f.ensure(t); err != nil {
		t.Fatal(err)
	}
	if len(f.ledger.entries) != entries || pulls(f.ollama) != 1 || len(f.ollama.ChatRequests()) != 1 || len(f.units.started) != 1 {
		t.Error("a second pass redid work")
	}
}

// assertPhases checks the phases appeared in this order, and that the pull
// reported percentages that rose to 100.
func (f *fixture) assertPhases(t *testing.T, want ...string) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	i, last := 0, -1
	for _, st := range f.phases {
		if i < len(want) && st.Phase == want[i] {
			i++
		}
		if strings.HasPrefix(st.Phase, "pulling") && st.Percent >= 0 {
			if st.Percent < last && st.Percent != 0 {
				t.Errorf("pull percent went back from %d to %d", last, st.Percent)
			}
			last = st.Percent
		}
	}
	if i != len(want) {
		t.Errorf("phases %+v lack %q in order", f.phases, want[i:])
	}
	if last != 100 {
		t.Errorf("the pull's percent ended at %d, want 100", last)
	}
}

func TestBadArchiveHashInstallsNothing(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.m.ReleaseSHA256 = strings.Repeat("0", 64)
	err := f.ensure(t)
	if err == nil || !strings.Contains(err.Error(), "release_sha256 says") {
		t.Fatalf("error = %v", err)
	}
	if _, err := os.Stat(f.path("usr/local/bin")); err == nil {
		t.Error("something was unpacked from an archive that failed its pin")
	}
	if _, err := os.Stat(f.path("usr/local/lib/systemd/system/" + AnnaUnit)); err == nil || len(f.units.started) != 0 || len(f.ledger.entries) != 0 {
		t.Errorf("unit written or started (%q) or ledger %+v", f.units.started, f.ledger.entries)
	}
	if ents, _ := os.ReadDir(f.path("var/lib/anna")); len(ents) != 0 {
		t.Errorf("the download was left behind: %v", ents)
	}
	if st := f.m.Status(); st.Ready || st.LastError != err.Error() {
		t.Errorf("status = %+v", st)
	}
}

func TestArchiveLinkOutOfItsDirectoryIsRefused(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.archive = tgz(t, map[string]string{"bin/ollama": "x", "lib/ollama/evil -> /etc/shadow": ""})
	f.m.ReleaseSHA256 = digest(f.archive)
	if err := f.ensure(t); err == nil || !strings.Contains(err.Error(), "leaves its directory") {
		t.Fatalf("error = %v", err)
	}
	if len(f.units.started) != 0 {
		t.Error("Ollama was started from a refused archive")
	}
}

func TestPlantedLinkInPrefixIsNotFollowed(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	outside := t.TempDir()
	if err := os.RemoveAll(f.path("usr/local/lib")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, f.path("usr/local/lib")); err != nil {
		t.Fatal(err)
	}
	if err := f.ensure(t); err == nil {
		t.Fatal("unpacking through a planted link succeeded")
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("files were written outside the prefix: %v", ents)
	}
}

func TestInterruptedPullIsRetried(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.ollama.FailPulls(2)
	if err := f.ensure(t); err != nil {
		t.Fatal(err)
	}
	if n := pulls(f.ollama); n != 3 {
		t.Errorf("%d pulls, want 2 broken and 1 good", n)
	}
	if m := f.ledger.targets(upkeep.KindModel); len(m) != 1 {
		t.Errorf("ledger models = %q, want the model once", m)
	}
	f.mu.Lock()
	sawError := false
	for _, st := range f.phases {
		sawError = sawError || strings.Contains(st.LastError, "unexpected EOF")
	}
	f.mu.Unlock()
	if !sawError {
		t.Error("the broken pulls were never reported in the status")
	}
	if st := f.m.Status(); !st.Ready || st.LastError != "" {
		t.Errorf("status = %+v", st)
	}
}

func TestPullThatKeepsFailingIsNeverReady(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.m.PullAttempts = 3
	f.ollama.FailPulls(100)
	err := f.ensure(t)
	if err == nil || !strings.Contains(err.Error(), "cannot pull llama3.2:3b after 3 attempts") {
		t.Fatalf("error = %v", err)
	}
	if pulls(f.ollama) != 3 || len(f.ollama.ChatRequests()) != 0 || len(f.ledger.targets(upkeep.KindModel)) != 0 {
		t.Errorf("pulls %d, chats %d, ledger %+v", pulls(f.ollama), len(f.ollama.ChatRequests()), f.ledger.entries)
	}
	if st := f.m.Status(); st.Ready {
		t.Errorf("status = %+v, ready after failed pulls", st)
	}
}

func TestModelThatDoesNotAnswerIsNotReady(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.ollama.OnChat(func(*api.ChatRequest) ollamatest.Reply {
		return ollamatest.Reply{Status: 500, Error: "model requires more system memory (9.1 GiB) than is available (3.2 GiB)"}
	})
	err := f.ensure(t)
	if err == nil || !strings.Contains(err.Error(), "did not answer a test question") || !strings.Contains(err.Error(), "more system memory") {
		t.Fatalf("error = %v", err)
	}
	if f.m.Status().Ready {
		t.Error("ready although the model cannot answer")
	}
}

func TestStoppedUnitIsStartedNotRewritten(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.units.states[SystemUnit] = upkeep.UnitState{LoadState: "loaded", ActiveState: "inactive", SubState: "dead"}
	if err := f.ensure(t); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.units.started, []string{SystemUnit}) || f.units.reloads != 0 || len(f.units.enabled) != 0 {
		t.Errorf("started %q, reloads %d", f.units.started, f.units.reloads)
	}
	if _, err := os.Stat(f.path("usr/local/bin/ollama")); err == nil {
		t.Error("Ollama was installed although its unit exists")
	}
}

func TestStartFailureIsReported(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.units.failWith = errors.New(`job for anna-ollama.service finished with result "failed"`)
	err := f.ensure(t)
	if err == nil || !strings.Contains(err.Error(), "cannot start anna-ollama.service") || !strings.Contains(err.Error(), "journalctl -u anna-ollama.service") {
		t.Fatalf("error = %v", err)
	}
}

func TestUnmanagedOnlyReports(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.m.Manage = false
	if err := f.ensure(t); !errors.Is(err, ErrNotManaged) || !strings.Contains(err.Error(), "manage = true") {
		t.Fatalf("error = %v", err)
	}
	f.gate.open.Store(true)
	if err := f.ensure(t); !errors.Is(err, ErrNotManaged) || !strings.Contains(err.Error(), "ollama pull llama3.2:3b") {
		t.Fatalf("error = %v", err)
	}
	if len(f.units.started) != 0 || pulls(f.ollama) != 0 || len(f.ledger.entries) != 0 {
		t.Errorf("an unmanaged Ollama was changed: started %q, %d pulls", f.units.started, pulls(f.ollama))
	}
}

func TestZstdArchiveIsInstalled(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	var buf bytes.Buffer
	z, err := zstd.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	// The same tar, zstd-compressed, as Ollama's newer releases ship it.
	gz, err := gzip.NewReader(bytes.NewReader(tgz(t, map[string]string{"bin/ollama": "zstd build"})))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(z, gz); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	f.archive = buf.Bytes()
	f.m.ReleaseSHA256 = digest(f.archive)
	if err := f.ensure(t); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(f.path("usr/local/bin/ollama")); err != nil || string(b) != "zstd build" {
		t.Errorf("bin/ollama = %q, %v", b, err)
	}
}

package ollama

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// gate fronts the fake Ollama and answers 503 until it is opened, the way
// Ollama is absent until its unit starts.
type gate struct {
	open  atomic.Bool
	proxy http.Handler
}

func (g *gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !g.open.Load() {
		http.Error(w, "not running", http.StatusServiceUnavailable)
		return
	}
	g.proxy.ServeHTTP(w, r)
}

// units is systemd as the tests need it: units with states, and Start
// that makes the unit active and opens the gate.
type units struct {
	mu       sync.Mutex
	states   map[string]upkeep.UnitState
	started  []string
	reloads  int
	enabled  []string
	gate     *gate
	failWith error
}

func (u *units) State(_ context.Context, unit string) (upkeep.UnitState, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if st, ok := u.states[unit]; ok {
		return st, nil
	}
	return upkeep.UnitState{LoadState: "not-found", ActiveState: "inactive", SubState: "dead"}, nil
}

func (u *units) Start(_ context.Context, unit string) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.started = append(u.started, unit)
	if u.failWith != nil {
		return u.failWith
	}
	if u.states[unit].LoadState != "loaded" {
		return &unitError{unit}
	}
	u.states[unit] = upkeep.UnitState{LoadState: "loaded", ActiveState: "active", SubState: "running"}
	u.gate.open.Store(true)
	return nil
}

func (u *units) Restart(ctx context.Context, unit string) error { return u.Start(ctx, unit) }

// Reload loads the unit file annad wrote, as daemon-reload does.
func (u *units) Reload(context.Context) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.reloads++
	u.states[AnnaUnit] = upkeep.UnitState{LoadState: "loaded", ActiveState: "inactive", SubState: "dead"}
	return nil
}

// Enable enables a loaded unit once, as systemctl enable does.
func (u *units) Enable(_ context.Context, unit string) (bool, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.states[unit].LoadState != "loaded" {
		return false, &unitError{unit}
	}
	if slices.Contains(u.enabled, unit) {
		return false, nil
	}
	u.enabled = append(u.enabled, unit)
	return true, nil
}

type unitError struct{ unit string }

func (e *unitError) Error() string { return "Unit " + e.unit + " not found." }

type ledger struct {
	mu      sync.Mutex
	entries []upkeep.Entry
}

func (l *ledger) Record(_ context.Context, e upkeep.Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, e)
	return nil
}

func (l *ledger) targets(kind string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, e := range l.entries {
		if e.Kind == kind {
			out = append(out, e.Target)
		}
	}
	return out
}

type fixture struct {
	root    string
	ollama  *ollamatest.Server
	gate    *gate
	units   *units
	ledger  *ledger
	archive []byte
	m       *Manager

	mu     sync.Mutex
	phases []rpc.Setup
}

// newFixture: a host root with /var/lib/anna, a fake Ollama behind a
// closed gate that can pull model (and has "other"), systemd with no
// Ollama unit, and a release server holding an archive of a fake Ollama.
func newFixture(t *testing.T, model string) *fixture {
	t.Helper()
	f := &fixture{root: t.TempDir(), ledger: &ledger{}}
	for _, d := range []string{"var/lib/anna", "usr/local/lib/systemd/system"} {
		if err := os.MkdirAll(filepath.Join(f.root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	f.ollama = ollamatest.New(t, ollamatest.WithModels(ollamatest.Model{Name: "other"}), ollamatest.WithRegistry(ollamatest.Model{Name: model}))
	target, _ := url.Parse(f.ollama.URL())
	f.gate = &gate{proxy: httputil.NewSingleHostReverseProxy(target)}
	front := httptest.NewServer(f.gate)
	t.Cleanup(front.Close)
	f.units = &units{states: map[string]upkeep.UnitState{}, gate: f.gate}

	f.archive = tgz(t, map[string]string{
		"./bin/ollama":                             "#!/bin/sh\necho fake ollama\n",
		"lib/ollama/libggml-base.so":               "ELF",
		"lib/ollama/libggml.so -> libggml-base.so": "",
		"README.md":                                "not installed",
	})
	rel := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/ollama-linux-amd64.tgz" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(f.archive)
	}))
	t.Cleanup(rel.Close)

	f.m = &Manager{URL: front.URL, Model: model, Manage: true,
		ReleaseURL: rel.URL + "/ollama-linux-amd64.tgz", ReleaseSHA256: digest(f.archive),
		Layout: dirs.At(f.root), Units: f.units, Ledger: f.ledger, NumCtx: 4096,
		Backoff: time.Millisecond, MaxBackoff: time.Millisecond,
		Observe: func(st rpc.Setup) { f.mu.Lock(); f.phases = append(f.phases, st); f.mu.Unlock() },
	}
	return f
}

// tgz builds a gzip tar; a name "a -> b" is a symlink a to b.
func tgz(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	tw := tar.NewWriter(z)
	for name, body := range files {
		hdr := &tar.Header{Name: name, Mode: 0o755, Size: int64(len(body)), Typeflag: tar.TypeReg}
		if from, to, ok := cutArrow(name); ok {
			hdr = &tar.Header{Name: from, Linkname: to, Typeflag: tar.TypeSymlink, Mode: 0o777}
		}
		if err := tw.WriteHeader(hdr); err != nil {
			t.Fatal(err)
		}
		if hdr.Typeflag == tar.TypeReg {
			if _, err := tw.Write([]byte(body)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func cutArrow(s string) (string, string, bool) {
	for i := 0; i+4 <= len(s); i++ {
		if s[i:i+4] == " -> " {
			return s[:i], s[i+4:], true
		}
	}
	return "", "", false
}

func (f *fixture) ensure(t *testing.T) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return f.m.Ensure(ctx)
}

func (f *fixture) path(p string) string { return filepath.Join(f.root, p) }

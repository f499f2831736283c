package ollama

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm/realollama"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// registry serves one model the way registry.ollama.ai does: a Docker v2
// manifest and content-addressed blobs (HEAD and ranged GET).
type registry struct {
	manifest []byte
	blobs    map[string][]byte // by "sha256:…"
	blobGets atomic.Int32
	pulls    atomic.Int32 // manifest requests
}

func (r *registry) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	switch {
	case req.URL.Path == "/v2/library/tiny/manifests/latest":
		r.pulls.Add(1)
		w.Header().Set("Content-Type", "application/vnd.docker.distribution.manifest.v2+json")
		_, _ = w.Write(r.manifest)
	case strings.HasPrefix(req.URL.Path, "/v2/library/tiny/blobs/"):
		b, ok := r.blobs[strings.TrimPrefix(req.URL.Path, "/v2/library/tiny/blobs/")]
		if !ok {
			http.NotFound(w, req)
			return
		}
		if req.Method == http.MethodGet {
			// Ollama takes blobs only from where the registry redirects
			// it, on another host name (registry.ollama.ai sends it to
			// its CDN): "localhost" is another name for this server.
			_, port, _ := strings.Cut(req.Host, ":")
			http.Redirect(w, req, "http://localhost:"+port+"/cdn/"+strings.TrimPrefix(req.URL.Path, "/v2/library/tiny/blobs/"), http.StatusTemporaryRedirect)
			return
		}
		http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(b))
	case strings.HasPrefix(req.URL.Path, "/cdn/"):
		b, ok := r.blobs[strings.TrimPrefix(req.URL.Path, "/cdn/")]
		if !ok {
			http.NotFound(w, req)
			return
		}
		r.blobGets.Add(1)
		http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(b))
	default:
		http.NotFound(w, req)
	}
}

type layer struct {
	MediaType string `json:"mediaType"`
	Digest    string `json:"digest"`
	Size      int64  `json:"size"`
}

// newRegistry holds the tiny GGUF with a chat template and parameters.
func newRegistry(t *testing.T) *registry {
	t.Helper()
	gguf := filepath.Join(t.TempDir(), "tiny.gguf")
	if err := realollama.WriteTinyModel(gguf); err != nil {
		t.Fatal(err)
	}
	model, err := os.ReadFile(gguf)
	if err != nil {
		t.Fatal(err)
	}
	r := &registry{blobs: map[string][]byte{}}
	add := func(mediaType string, b []byte) layer {
		s := sha256.Sum256(b)
		d := "sha256:" + hex.EncodeToString(s[:])
		r.blobs[d] = b
		return layer{MediaType: mediaType, Digest: d, Size: int64(len(b))}
	}
	layers := []layer{
		add("application/vnd.ollama.image.model", model),
		add("application/vnd.ollama.image.template", []byte("{{- range .Messages }}<|{{ .Role }}|>\n{{ .Content }}\n{{ end }}<|assistant|>\n")),
		add("application/vnd.ollama.image.params", []byte(`{"num_ctx":512,"num_thread":1}`)),
	}
	config := add("application/vnd.docker.container.image.v1+json",
		[]byte(`{"model_format":"gguf","model_family":"llama","model_families":["llama"],"file_type":"F32","architecture":"amd64","os":"linux","rootfs":{"type":"layers","diff_ids":[]}}`))
	r.manifest, err = json.Marshal(map[string]any{
		"schemaVersion": 2, "mediaType": "application/vnd.docker.distribution.manifest.v2+json",
		"config": config, "layers": layers,
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRealOllamaPullsFromTestRegistry pulls the synthesized model into a
// real Ollama from a registry this test serves over plain HTTP, then
// verifies it with the tiny chat.
func TestRealOllamaPullsFromTestRegistry(t *testing.T) {
	srv := realollama.Start(t)
	reg := newRegistry(t)
	rs := httptest.NewServer(reg)
	t.Cleanup(rs.Close)
	name := strings.TrimPrefix(rs.URL, "http://") + "/library/tiny:latest"

	root := t.TempDir()
	l := &ledger{}
	m := &Manager{URL: srv.URL, Model: name, Manage: true, InsecureRegistry: true, Layout: dirs.At(root),
		Ledger: l, Backoff: 10 * time.Millisecond}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := m.Ensure(ctx); err != nil {
		t.Fatalf("%v (server log %s)", err, srv.LogPath)
	}
	if st := m.Status(); !st.Ready {
		t.Errorf("status = %+v", st)
	}
	// Blobs the server already had (the template and GGUF of the tiny
	// model realollama created) are not downloaded again; all must be in
	// its store now.
	if reg.pulls.Load() == 0 || reg.blobGets.Load() == 0 {
		t.Errorf("%d manifest and %d blob requests reached the registry", reg.pulls.Load(), reg.blobGets.Load())
	}
	store := filepath.Join(filepath.Dir(srv.LogPath), "models", "blobs")
	for d := range reg.blobs {
		if _, err := os.Stat(filepath.Join(store, strings.Replace(d, ":", "-", 1))); err != nil {
			t.Errorf("blob %s is not in Ollama's store: %v", d, err)
		}
	}
	if got := l.targets(upkeep.KindModel); len(got) != 1 || got[0] != name {
		t.Errorf("ledger models = %q", got)
	}
	has, err := hasModel(ctx, mustClient(t, m), name)
	if err != nil || !has {
		t.Errorf("Ollama does not list %s after the pull: %v", name, err)
	}
}

func mustClient(t *testing.T, m *Manager) *api.Client {
	t.Helper()
	c, err := m.api()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

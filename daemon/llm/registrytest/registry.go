// Package registrytest serves one model the way an Ollama registry
// (registry.ollama.ai) does, for tests that make a real Ollama pull: a
// Docker v2 manifest and content-addressed blobs holding the tiny
// random-weight GGUF of realollama, a chat template and parameters.
package registrytest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm/realollama"
)

// Name is the model's name without its registry host: a test pulls
// "<host:port>/" + Name.
const Name = "library/tiny:latest"

// The paths of the one model served, and of blob downloads after the
// redirect.
const (
	manifestPath = "/v2/library/tiny/manifests/latest"
	blobPrefix   = "/v2/library/tiny/blobs/"
	cdnPrefix    = "/cdn/"
)

// Registry is an http.Handler serving the tiny model. It counts the
// requests that reached it, so a test can tell a pull from a cache hit.
type Registry struct {
	redirectHost string
	manifest     []byte
	blobs        map[string][]byte // by "sha256:…"
	blobGets     atomic.Int32
	pulls        atomic.Int32
}

// New holds the tiny model. Ollama downloads blobs only from where the
// registry redirects it, on another host name (registry.ollama.ai sends it
// to its CDN): blob GETs are redirected to redirectHost, which must be
// another name of the same server ("localhost" for 127.0.0.1, or a name in
// a guest's /etc/hosts), on the port the request came to.
func New(redirectHost string) (*Registry, error) {
	dir, err := os.MkdirTemp("", "registrytest-")
	if err != nil {
		return nil, fmt.Errorf("cannot create a directory for the model: %w", err)
	}
	defer os.RemoveAll(dir)
	gguf := filepath.Join(dir, "tiny.gguf")
	if err := realollama.WriteTinyModel(gguf); err != nil {
		return nil, err
	}
	model, err := os.ReadFile(gguf)
	if err != nil {
		return nil, fmt.Errorf("cannot read the tiny model: %w", err)
	}
	r := &Registry{redirectHost: redirectHost, blobs: map[string][]byte{}}
	layers := []layer{
		r.add("application/vnd.ollama.image.model", model),
		r.add("application/vnd.ollama.image.template", []byte("{{- range .Messages }}<|{{ .Role }}|>\n{{ .Content }}\n{{ end }}<|assistant|>\n")),
		r.add("application/vnd.ollama.image.params", []byte(`{"num_ctx":512,"num_thread":1}`)),
	}
	config := r.add("application/vnd.docker.container.image.v1+json",
		[]byte(`{"model_format":"gguf","model_family":"llama","model_families":["llama"],"file_type":"F32","architecture":"amd64","os":"linux","rootfs":{"type":"layers","diff_ids":[]}}`))
	r.manifest, err = json.Marshal(map[string]any{
		"schemaVersion": 2, "mediaType": "application/vnd.docker.distribution.manifest.v2+json",
		"config": config, "layers": layers,
	})
	if err != nil {
		return nil, fmt.Errorf("cannot write the manifest: %w", err)
	}
	return r, nil
}

type layer struct {
	MediaType string `json:"mediaType"`
	Digest    string `json:"digest"`
	Size      int64  `json:"size"`
}

func (r *Registry) add(mediaType string, b []byte) layer {
	s := sha256.Sum256(b)
	d := "sha256:" + hex.EncodeToString(s[:])
	r.blobs[d] = b
	return layer{MediaType: mediaType, Digest: d, Size: int64(len(b))}
}

// Digests lists the digests ("sha256:…") of every blob of the model.
func (r *Registry) Digests() []string {
	ds := make([]string, 0, len(r.blobs))
	for d := range r.blobs {
		ds = append(ds, d)
	}
	return ds
}

// Pulls counts the manifest requests served.
func (r *Registry) Pulls() int { return int(r.pulls.Load()) }

// BlobGets counts the blob downloads served after the redirect.
func (r *Registry) BlobGets() int { return int(r.blobGets.Load()) }

// ServeHTTP serves the manifest, blob HEADs, redirects of blob GETs and
// the redirected downloads (ranged GETs included).
func (r *Registry) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	switch {
	case req.URL.Path == manifestPath:
		r.pulls.Add(1)
		w.Header().Set("Content-Type", "application/vnd.docker.distribution.manifest.v2+json")
		_, _ = w.Write(r.manifest)
	case strings.HasPrefix(req.URL.Path, blobPrefix):
		d := strings.TrimPrefix(req.URL.Path, blobPrefix)
		b, ok := r.blobs[d]
		if !ok {
			http.NotFound(w, req)
			return
		}
		if req.Method == http.MethodGet {
			_, port, err := net.SplitHostPort(req.Host)
			if err != nil {
				http.Error(w, "cannot redirect a request without a port in its Host", http.StatusBadRequest)
				return
			}
			http.Redirect(w, req, "http://"+net.JoinHostPort(r.redirectHost, port)+cdnPrefix+d, http.StatusTemporaryRedirect)
			return
		}
		http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(b))
	case strings.HasPrefix(req.URL.Path, cdnPrefix):
		b, ok := r.blobs[strings.TrimPrefix(req.URL.Path, cdnPrefix)]
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

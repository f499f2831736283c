package update

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Deadlines of the HTTP calls: the small files must come fast; an artifact
// may take minutes on a slow link but not forever.
const (
	smallTimeout    = 30 * time.Second
	artifactTimeout = 15 * time.Minute
)

// releaseURL resolves a file name inside the release directory base.
func releaseURL(base, name string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("cannot use release URL %q: want an http(s) URL of a release directory", base)
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + "/" + name
	u.RawQuery, u.Fragment = "", ""
	return u.String(), nil
}

// get fetches name from the release directory into w, refusing more than
// limit bytes, under its own deadline.
func get(ctx context.Context, client *http.Client, base, name string, limit int64, timeout time.Duration, w io.Writer) (int64, error) {
	ref, err := releaseURL(base, name)
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, ref, nil)
	if err != nil {
		return 0, fmt.Errorf("cannot fetch %s: %w", ref, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("cannot fetch %s: %w", ref, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("cannot fetch %s: the server answered %s", ref, resp.Status)
	}
	n, err := io.Copy(w, io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return n, fmt.Errorf("cannot fetch %s: %w", ref, err)
	}
	if n > limit {
		return n, fmt.Errorf("cannot fetch %s: it is larger than %d bytes", ref, limit)
	}
	return n, nil
}

// limitedBuffer collects a small file in memory.
type limitedBuffer struct{ b []byte }

func (l *limitedBuffer) Write(p []byte) (int, error) { l.b = append(l.b, p...); return len(p), nil }

// download fetches artifact name into a new file in dir, checking its size
// and SHA-256 against the signed manifest entry, and returns the file's
// path. On any failure the file is removed: a partial download never stays.
func download(ctx context.Context, client *http.Client, base, name string, a Artifact, dir string) (path string, err error) {
	f, err := os.CreateTemp(dir, "."+name+".new-*")
	if err != nil {
		return "", fmt.Errorf("cannot create a file for %s in %s: %w", name, dir, err)
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}()
	h := sha256.New()
	n, err := get(ctx, client, base, name, a.Size, artifactTimeout, io.MultiWriter(f, h))
	if err != nil {
		return "", err
	}
	if n != a.Size {
		return "", fmt.Errorf("cannot install %s: got %d bytes, the manifest says %d (truncated download)", name, n, a.Size)
	}
	if got := digestHex(h.Sum(nil)); got != a.SHA256 {
		return "", fmt.Errorf("cannot install %s: its sha256 is %s, the signed manifest says %s", name, got, a.SHA256)
	}
	if err := f.Chmod(0o755); err != nil {
		return "", fmt.Errorf("cannot make %s executable: %w", f.Name(), err)
	}
	if err := f.Sync(); err != nil {
		return "", fmt.Errorf("cannot write %s: %w", f.Name(), err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("cannot write %s: %w", f.Name(), err)
	}
	return filepath.Clean(f.Name()), nil
}

// fetchManifest fetches and verifies the release directory's manifest.
func fetchManifest(ctx context.Context, client *http.Client, base string, keys []ed25519.PublicKey) (Manifest, error) {
	var body, sig limitedBuffer
	if _, err := get(ctx, client, base, ManifestFile, MaxManifestBytes, smallTimeout, &body); err != nil {
		return Manifest{}, err
	}
	if _, err := get(ctx, client, base, SignatureFile, MaxSignatureBytes, smallTimeout, &sig); err != nil {
		return Manifest{}, err
	}
	return Verify(keys, body.b, sig.b)
}

package registrytest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The manifest names every blob; a blob GET is redirected to the other
// host name on the same port, and the download there has the digest the
// manifest promised.
func TestServesManifestAndRedirectsBlobs(t *testing.T) {
	reg, err := New("cdn.example")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(reg)
	defer srv.Close()
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	resp, err := noFollow.Get(srv.URL + manifestPath)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Config struct{ Digest string }
		Layers []struct{ Digest string }
	}
	err = json.NewDecoder(resp.Body).Decode(&m)
	resp.Body.Close()
	if err != nil || len(m.Layers) != 3 || reg.Pulls() != 1 {
		t.Fatalf("manifest %+v, %v, %d pulls", m, err, reg.Pulls())
	}
	if len(reg.Digests()) != 4 {
		t.Fatalf("%d blobs, want 4", len(reg.Digests()))
	}
	for _, l := range append(m.Layers, m.Config) {
		resp, err := noFollow.Get(srv.URL + blobPrefix + l.Digest)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		_, port, _ := strings.Cut(strings.TrimPrefix(srv.URL, "http://"), ":")
		want := "http://cdn.example:" + port + cdnPrefix + l.Digest
		if resp.StatusCode != http.StatusTemporaryRedirect || resp.Header.Get("Location") != want {
			t.Fatalf("GET blob: %s to %q, want a redirect to %q", resp.Status, resp.Header.Get("Location"), want)
		}
		resp, err = http.Get(srv.URL + cdnPrefix + l.Digest)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		sum := sha256.Sum256(b)
		if err != nil || "sha256:"+hex.EncodeToString(sum[:]) != l.Digest {
			t.Fatalf("the download of %s does not match its digest (%v)", l.Digest, err)
		}
	}
	if reg.BlobGets() != 4 {
		t.Fatalf("%d blob downloads counted, want 4", reg.BlobGets())
	}
}

package update

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestVersionOrder(t *testing.T) {
	order := []string{"0.1.0-dev", "0.1.0-rc1", "0.1.0", "0.1.1", "0.2.0", "0.10.0", "1.0.0"}
	for i := range order {
		for j := range order {
			a, err1 := ParseVersion(order[i])
			b, err2 := ParseVersion(order[j])
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := a.Compare(b); got != want {
				t.Errorf("%s vs %s = %d, want %d", order[i], order[j], got, want)
			}
		}
	}
	for _, bad := range []string{"", "1", "1.2", "1.2.3.4", "x.y.z", "1.2.3-", "1.2.3-a b", "1.2.3\n"} {
		if _, err := ParseVersion(bad); err == nil {
			t.Errorf("ParseVersion(%q) accepted it", bad)
		}
	}
}

func TestVerifyAcceptsAnyListedKey(t *testing.T) {
	oldPub, _, _ := ed25519.GenerateKey(rand.Reader)
	newPub, newKey, _ := ed25519.GenerateKey(rand.Reader)
	m := Manifest{Version: "0.2.0", Artifacts: map[string]Artifact{"annad-linux-amd64": {SHA256: strings.Repeat("a", 64), Size: 1}}}
	b, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	got, err := Verify([]ed25519.PublicKey{oldPub, newPub}, b, Sign(newKey, b))
	if err != nil || got.Version != "0.2.0" {
		t.Fatalf("Verify = %+v, %v", got, err)
	}
	if _, err := Verify([]ed25519.PublicKey{oldPub}, b, Sign(newKey, b)); err == nil {
		t.Error("a signature by a key not listed was accepted")
	}
}

func TestSignedButInvalidManifestIsRefused(t *testing.T) {
	pub, key, _ := ed25519.GenerateKey(rand.Reader)
	for _, body := range []string{
		`{"version":"0.2.0","artifacts":{}}`,
		`{"version":"latest","artifacts":{"annad-linux-amd64":{"sha256":"` + strings.Repeat("a", 64) + `","size":1}}}`,
		`{"version":"0.2.0","artifacts":{"../annad":{"sha256":"` + strings.Repeat("a", 64) + `","size":1}}}`,
		`{"version":"0.2.0","artifacts":{"annad-linux-amd64":{"sha256":"abc","size":1}}}`,
		`{"version":"0.2.0","artifacts":{"annad-linux-amd64":{"sha256":"` + strings.Repeat("a", 64) + `","size":99999999999}}}`,
		`not json`,
	} {
		if _, err := Verify([]ed25519.PublicKey{pub}, []byte(body), Sign(key, []byte(body))); err == nil {
			t.Errorf("accepted %s", body)
		}
	}
}

func TestParseKeys(t *testing.T) {
	keys, err := ParseKeys(" MCowBQYDK2VwAyEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=, ")
	if err == nil {
		t.Errorf("a DER key was accepted as raw: %v", keys)
	}
	keys, err = ParseKeys("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=,AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=")
	if err != nil || len(keys) != 2 || keys[1][0] != 1 {
		t.Errorf("ParseKeys = %v, %v", keys, err)
	}
	if keys, err := ReleaseKeys(); err != nil || len(keys) != 0 {
		t.Errorf("this test build has keys %v, %v", keys, err)
	}
}

func TestOversizedManifestIsRefused(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(strings.Repeat("x", MaxManifestBytes+1)))
	}))
	defer srv.Close()
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	c := &Checker{URL: srv.URL, Keys: []ed25519.PublicKey{pub}, Current: "0.1.0", Client: srv.Client()}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.Check(ctx); err == nil || !strings.Contains(err.Error(), "larger than 65536 bytes") {
		t.Errorf("error = %v", err)
	}
}

func TestRunChecksAgainUntilCanceled(t *testing.T) {
	var hits atomic.Int32
	twice := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/"+ManifestFile && hits.Add(1) == 2 {
			close(twice)
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	c := &Checker{URL: srv.URL, Current: "0.1.0", Interval: time.Millisecond, Client: srv.Client()}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()
	select {
	case <-twice:
	case <-time.After(time.Minute):
		t.Fatal("Run did not check twice")
	}
	cancel()
	<-done
	if st := c.Status(); !strings.Contains(st.LastError, "404 Not Found") {
		t.Errorf("status = %+v, want the server's 404", st)
	}
}

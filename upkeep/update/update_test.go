package update

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
	unitspkg "github.com/jjgarcianorway/anna-assistant/upkeep/units"
)

// release is what the fake release server serves; tests break one part.
type release struct {
	mu       sync.Mutex
	files    map[string][]byte // served as is
	truncate map[string]int    // serve only this many bytes (and a longer Content-Length)
	hits     map[string]int
}

func (r *release) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	name := strings.TrimPrefix(req.URL.Path, "/rel/")
	body, ok := r.files[name]
	cut, short := r.truncate[name]
	r.hits[name]++
	r.mu.Unlock()
	if !ok {
		http.NotFound(w, req)
		return
	}
	if short {
		// Promise the whole file, send part of it and hang up: what a
		// dropped connection looks like to the client.
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body[:cut])
		panic(http.ErrAbortHandler)
	}
	_, _ = w.Write(body)
}

// script is a stand-in binary: a shell script that prints a version.
func script(bin, version string) []byte {
	return []byte("#!/bin/sh\necho " + bin + " " + version + "\n")
}

func sum(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// newRelease builds release version for arch, signed with key.
func newRelease(t *testing.T, key ed25519.PrivateKey, version, arch string) *release {
	t.Helper()
	r := &release{files: map[string][]byte{}, truncate: map[string]int{}, hits: map[string]int{}}
	m := Manifest{Version: version, Artifacts: map[string]Artifact{}}
	for _, bin := range []string{"annad", "annactl"} {
		body := script(bin, version)
		name := bin + "-linux-" + arch
		r.files[name] = body
		m.Artifacts[name] = Artifact{SHA256: sum(body), Size: int64(len(body))}
	}
	r.sign(t, key, m)
	return r
}

func (r *release) sign(t *testing.T, key ed25519.PrivateKey, m Manifest) {
	t.Helper()
	b, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	r.files[ManifestFile], r.files[SignatureFile] = b, Sign(key, b)
}

// units is systemd's manager as the finisher sees it: each restart runs
// onRestart, which plays the unit's start (the new annad settling, or
// the old one after a rollback), and fails the first failRestarts the way
// a unit that does not come up fails.
type units struct {
	mu           sync.Mutex
	restarts     []string
	failRestarts int
	onRestart    func(n int) // n counts restarts from 1
}

func (u *units) Restart(_ context.Context, unit string) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.restarts = append(u.restarts, unit)
	if u.onRestart != nil {
		u.onRestart(len(u.restarts))
	}
	if len(u.restarts) <= u.failRestarts {
		return errors.New(`job for annad.service finished with result "failed"`)
	}
	return nil
}

// ledger is the installation ledger: entries in order, Digest from the
// newest entry for a path, as annad's reads it.
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

func (l *ledger) Digest(path string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := len(l.entries) - 1; i >= 0; i-- {
		if l.entries[i].Target == path && l.entries[i].SHA256 != "" {
			return l.entries[i].SHA256
		}
	}
	return ""
}

func (l *ledger) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.entries)
}

type fixture struct {
	key     ed25519.PrivateKey
	rel     *release
	srv     *httptest.Server
	bin     string
	state   string
	bus     *dbustest.Bus
	systemd *dbustest.Systemd
	ledger  *ledger
	c       *Checker
}

func setup(t *testing.T, current, latest string) *fixture {
	t.Helper()
	pub, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{key: key, rel: newRelease(t, key, latest, "amd64"), bin: t.TempDir(), state: t.TempDir(), ledger: &ledger{}}
	f.srv = httptest.NewServer(f.rel)
	t.Cleanup(f.srv.Close)
	for _, bin := range []string{"annactl", "annad"} {
		path := filepath.Join(f.bin, bin)
		if err := os.WriteFile(path, script(bin, current), 0o755); err != nil {
			t.Fatal(err)
		}
		// What install.sh records, through annad's manifest import.
		f.ledger.entries = append(f.ledger.entries, upkeep.Entry{Kind: upkeep.KindFile, Target: path, SHA256: sum(script(bin, current))})
	}
	// systemd on a private bus: the finisher's transient unit is started
	// there, and its command really runs.
	bus := dbustest.New(t)
	f.bus, f.systemd = bus, bus.Systemd(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	sd, err := unitspkg.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sd.Close() })
	f.c = &Checker{URL: f.srv.URL + "/rel/", Keys: []ed25519.PublicKey{pub}, Current: current, AutoUpdate: true,
		BinDir: f.bin, Arch: "amd64", StateDir: f.state, Socket: filepath.Join(f.state, "anna.sock"),
		Transient: sd, Ledger: f.ledger, Client: f.srv.Client()}
	return f
}

func (f *fixture) check(t *testing.T) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return f.c.Check(ctx)
}

// snapshot maps every file name in dir to its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = string(b)
	}
	return m
}

// unchanged checks the failed update left the binaries, restarted nothing
// and reported err in the status.
func (f *fixture) unchanged(t *testing.T, before map[string]string, err error, why string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), why) {
		t.Fatalf("error = %v, want one saying %q", err, why)
	}
	if !strings.HasPrefix(err.Error(), "cannot ") {
		t.Errorf("error %q does not start with cannot", err)
	}
	if got := snapshot(t, f.bin); !maps.Equal(got, before) {
		t.Errorf("bin dir changed:\n%q\nwant\n%q", got, before)
	}
	if jobs := f.systemd.Jobs(); len(jobs) != 0 || f.ledger.len() != 2 {
		t.Errorf("systemd jobs %q, ledger %+v: want none and the install's", jobs, f.ledger.entries)
	}
	if _, err := os.Stat(filepath.Join(f.state, PendingFile)); err == nil {
		t.Error("a failed update left its pending file")
	}
	if st := f.c.Status(); st.LastError != err.Error() || st.Applied != "" {
		t.Errorf("status = %+v, want the error and nothing applied", st)
	}
}

func TestBadSignatureChangesNothing(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	_, other, _ := ed25519.GenerateKey(rand.Reader)
	f.rel.files[SignatureFile] = Sign(other, f.rel.files[ManifestFile])
	before := snapshot(t, f.bin)
	f.unchanged(t, before, f.check(t), "matches none of the 1 keys")
	if f.rel.hits["annad-linux-amd64"] != 0 {
		t.Error("an artifact was downloaded for an unsigned manifest")
	}
	if st := f.c.Status(); st.Latest != "" {
		t.Errorf("latest = %q from an unsigned manifest", st.Latest)
	}
}

func TestTamperedManifestChangesNothing(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	f.rel.files[ManifestFile] = []byte(strings.Replace(string(f.rel.files[ManifestFile]), "0.2.0", "0.9.0", 1))
	f.unchanged(t, snapshot(t, f.bin), f.check(t), "signature matches none")
}

func TestHashMismatchChangesNothing(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	// The signed manifest names the real binary; the server sends another
	// of the same size.
	body := script("annad", "0.2.0")
	body[len(body)-2] = 'X'
	f.rel.files["annad-linux-amd64"] = body
	f.unchanged(t, snapshot(t, f.bin), f.check(t), "the signed manifest says")
}

func TestTruncatedDownloadChangesNothing(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	f.rel.truncate["annad-linux-amd64"] = 5
	f.unchanged(t, snapshot(t, f.bin), f.check(t), "annad-linux-amd64")
}

func TestShortFileChangesNothing(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	f.rel.files["annactl-linux-amd64"] = f.rel.files["annactl-linux-amd64"][:7]
	f.unchanged(t, snapshot(t, f.bin), f.check(t), "truncated download")
}

func TestNewAnnadThatDoesNotRunChangesNothing(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	// Correctly signed, but the binary says another version.
	body := script("annad", "0.2.0-rc1") // close, but not the version signed
	f.rel.files["annad-linux-amd64"] = body
	m := Manifest{Version: "0.2.0", Artifacts: map[string]Artifact{
		"annad-linux-amd64":   {SHA256: sum(body), Size: int64(len(body))},
		"annactl-linux-amd64": {SHA256: sum(f.rel.files["annactl-linux-amd64"]), Size: int64(len(f.rel.files["annactl-linux-amd64"]))},
	}}
	f.rel.sign(t, f.key, m)
	f.unchanged(t, snapshot(t, f.bin), f.check(t), "the new annad says it is")
}

func TestNeverDowngrades(t *testing.T) {
	for _, cur := range []string{"0.3.0", "0.2.0"} {
		f := setup(t, cur, "0.2.0")
		before := snapshot(t, f.bin)
		if err := f.check(t); err != nil {
			t.Fatal(err)
		}
		if got := snapshot(t, f.bin); !maps.Equal(got, before) || len(f.systemd.Jobs()) != 0 || f.rel.hits["annad-linux-amd64"] != 0 {
			t.Errorf("current %s, release 0.2.0: bin dir %q, systemd jobs %q", cur, got, f.systemd.Jobs())
		}
		if st := f.c.Status(); st.Latest != "0.2.0" || st.Applied != "" || st.LastError != "" {
			t.Errorf("status = %+v", st)
		}
	}
}

func TestWithoutAutoUpdateOnlyReports(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	f.c.AutoUpdate = false
	before := snapshot(t, f.bin)
	if err := f.check(t); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, f.bin); !maps.Equal(got, before) || f.c.Status().Latest != "0.2.0" {
		t.Errorf("bin dir %q, status %+v", got, f.c.Status())
	}
}

func TestSymlinkedBinaryIsRefused(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	annad := filepath.Join(f.bin, "annad")
	if err := os.Remove(annad); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, annad); err != nil {
		t.Fatal(err)
	}
	if err := f.check(t); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("error = %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep" {
		t.Error("the update wrote through the link")
	}
}

func TestNoKeysVerifiesNothing(t *testing.T) {
	f := setup(t, "0.1.0", "0.2.0")
	f.c.Keys = nil
	f.unchanged(t, snapshot(t, f.bin), f.check(t), "no release key")
}

func upkeepEntry(path, digest string) upkeep.Entry {
	return upkeep.Entry{Kind: upkeep.KindFile, Target: path, SHA256: digest}
}

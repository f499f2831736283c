package ollama

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// tree lists every path under root.
func tree(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// With manage on, Ollama neither reachable nor installed and no archive
// pinned, a pass creates nothing (no models directory, no unit, no
// ledger entry: uninstall must find no trace), starts nothing, and says
// plainly what is missing and what to do.
func TestMissingOllamaWithoutPinChangesNothing(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.m.ReleaseURL, f.m.ReleaseSHA256 = "", ""
	before := tree(t, f.root)
	err := f.ensure(t)
	if !errors.Is(err, ErrNotInstalled) {
		t.Fatalf("error = %v, want ErrNotInstalled", err)
	}
	for _, want := range []string{"not installed", "https://ollama.com/download", "release_url", "release_sha256", "sha256sum.txt", "restart annad"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q: %v", want, err)
		}
	}
	if after := tree(t, f.root); !slices.Equal(before, after) {
		t.Errorf("a pass that could not install changed the tree:\nbefore %q\nafter  %q", before, after)
	}
	if len(f.ledger.entries) != 0 || len(f.units.started) != 0 || f.units.reloads != 0 || len(f.units.enabled) != 0 || pulls(f.ollama) != 0 {
		t.Errorf("ledger %+v, started %q, reloads %d, enabled %q, %d pulls", f.ledger.entries, f.units.started, f.units.reloads, f.units.enabled, pulls(f.ollama))
	}
	if st := f.m.Status(); st.Ready || st.Phase != "Ollama is not installed" || st.LastError != err.Error() {
		t.Errorf("status = %+v", st)
	}
}

// syncBuffer is a log sink the manager's goroutine and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Run retries a missing Ollama with backoff, warns once about the same
// failure (the repeats go to debug), and finds an Ollama the user
// installed meanwhile: then it pulls and verifies the model.
func TestRunRetriesMissingOllamaQuietlyUntilInstalled(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.m.ReleaseURL, f.m.ReleaseSHA256 = "", ""
	var logs syncBuffer
	f.m.Log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	failures, ready := make(chan struct{}, 100), make(chan struct{}, 1)
	f.m.Observe = func(st rpc.Setup) {
		switch {
		case st.Ready:
			select {
			case ready <- struct{}{}:
			default:
			}
		case strings.HasPrefix(st.LastError, ErrNotInstalled.Error()) && st.Phase == "Ollama is not installed":
			select {
			case failures <- struct{}{}:
			default:
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.m.Run(ctx, time.Hour); close(done) }()
	defer func() { cancel(); <-done }()

	guard := time.After(2 * time.Minute) // a guard against a hang, not a speed check
	for range 3 {
		select {
		case <-failures:
		case <-guard:
			t.Fatal("Run did not retry the missing Ollama")
		}
	}
	// The user installs Ollama (its installer starts ollama.service).
	f.gate.open.Store(true)
	select {
	case <-ready:
	case <-guard:
		t.Fatalf("Run never found the installed Ollama: status %+v", f.m.Status())
	}
	cancel()
	<-done
	out := logs.String()
	if n := strings.Count(out, "level=WARN"); n != 1 {
		t.Errorf("%d warnings for one repeated failure, want 1:\n%s", n, out)
	}
	if !strings.Contains(out, "level=DEBUG") || !strings.Contains(out, "ollama setup ready") {
		t.Errorf("the repeats are not at debug level, or the recovery is not logged:\n%s", out)
	}
	if pulls(f.ollama) != 1 || len(f.units.started) != 0 {
		t.Errorf("%d pulls, started %q: want the model pulled once into the user's Ollama", pulls(f.ollama), f.units.started)
	}
}

// A second Ensure while a pass is under way (autofix beside Run) returns
// ErrBusy at once and leaves the status alone.
func TestEnsureDuringAnotherPassIsBusy(t *testing.T) {
	f := newFixture(t, "llama3.2:3b")
	f.m.pass.Lock()
	before := f.m.Status()
	err := f.ensure(t)
	f.m.pass.Unlock()
	if !errors.Is(err, ErrBusy) || f.m.Status() != before || len(f.units.started) != 0 {
		t.Fatalf("error %v, status %+v, started %q", err, f.m.Status(), f.units.started)
	}
	if err := f.ensure(t); err != nil {
		t.Fatalf("after the other pass: %v", err)
	}
}

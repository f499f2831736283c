package ollama

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm/realollama"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/registrytest"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// TestRealOllamaPullsFromTestRegistry pulls the synthesized model into a
// real Ollama from a registry this test serves over plain HTTP, then
// verifies it with the tiny chat.
func TestRealOllamaPullsFromTestRegistry(t *testing.T) {
	srv := realollama.Start(t)
	reg, err := registrytest.New("localhost")
	if err != nil {
		t.Fatal(err)
	}
	rs := httptest.NewServer(reg)
	t.Cleanup(rs.Close)
	name := strings.TrimPrefix(rs.URL, "http://") + "/" + registrytest.Name

	root := t.TempDir()
	l := &ledger{}
	m := &Manager{URL: srv.URL, Model: name, Manage: true, InsecureRegistry: true, Layout: dirs.At(root),
		Ledger: l, Backoff: 10 * time.Millisecond}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err = m.Ensure(ctx); err != nil {
		t.Fatalf("%v (server log %s)", err, srv.LogPath)
	}
	if st := m.Status(); !st.Ready {
		t.Errorf("status = %+v", st)
	}
	// Blobs the server already had (the template and GGUF of the tiny
	// model realollama created) are not downloaded again; all must be in
	// its store now.
	if reg.Pulls() == 0 || reg.BlobGets() == 0 {
		t.Errorf("%d manifest and %d blob requests reached the registry", reg.Pulls(), reg.BlobGets())
	}
	store := filepath.Join(filepath.Dir(srv.LogPath), "models", "blobs")
	for _, d := range reg.Digests() {
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

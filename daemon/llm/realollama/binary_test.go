package realollama

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The script and the package compute the cache key independently; this
// keeps them from drifting apart.
func TestCacheKeyMatchesBuildScript(t *testing.T) {
	script, err := filepath.Abs("../../../.ci/build-ollama")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "bash", script, "--key").Output()
	if err != nil {
		t.Fatalf("%s --key: %v", script, err)
	}
	if got, want := strings.TrimSpace(string(out)), CacheKey(); got != want {
		t.Errorf("build-ollama --key = %q, CacheKey() = %q", got, want)
	}
	if !strings.HasPrefix(CacheKey(), Version+"-go") {
		t.Errorf("CacheKey() = %q", CacheKey())
	}
}

func TestBinaryFromEnvironmentAndCache(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("ANNA_OLLAMA_BIN", "")
	t.Setenv("ANNA_OLLAMA_CACHE", dir)

	if _, err := Binary(); err == nil || !strings.Contains(err.Error(), ".ci/build-ollama") {
		t.Errorf("empty cache: err = %v, want a hint to build", err)
	}
	cached := filepath.Join(dir, CacheKey(), "ollama")
	if err := os.MkdirAll(filepath.Dir(cached), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cached, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Binary(); err == nil || !strings.Contains(err.Error(), "not an executable") {
		t.Errorf("non-executable: err = %v", err)
	}
	if err := os.Chmod(cached, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Binary(); err != nil || p != cached {
		t.Errorf("cached: %q, %v; want %q", p, err, cached)
	}

	t.Setenv("ANNA_OLLAMA_BIN", filepath.Join(dir, "elsewhere"))
	if p, err := Binary(); err == nil || !strings.Contains(err.Error(), "ANNA_OLLAMA_BIN") {
		t.Errorf("override to a missing file: %q, %v", p, err)
	}
	t.Setenv("ANNA_OLLAMA_BIN", cached)
	if p, err := Binary(); err != nil || p != cached {
		t.Errorf("override: %q, %v", p, err)
	}
}

func TestStartSkipsWithoutBinary(t *testing.T) {
	t.Setenv("ANNA_OLLAMA_BIN", filepath.Join(t.TempDir(), "none"))
	t.Setenv("ANNA_REQUIRE_OLLAMA", "")
	skipped := false
	t.Run("start", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		Start(t)
		t.Error("Start returned without a binary")
	})
	if !skipped {
		t.Error("Start did not skip without a binary")
	}
}

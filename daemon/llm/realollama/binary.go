// Package realollama runs a real Ollama server with a tiny synthetic model
// for opt-in integration tests: the wire protocol, schema-constrained output
// and streaming are then Ollama's own, not a fake's. The server binary is
// built once by .ci/build-ollama and cached; tests skip when it is missing
// unless ANNA_REQUIRE_OLLAMA=1.
package realollama

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Version is the Ollama release the integration tests run.
const Version = "0.17.4"

// buildFlags must equal FLAGS in .ci/build-ollama byte for byte: its hash is
// part of the cache key (TestCacheKeyMatchesBuildScript checks this).
const buildFlags = "CGO_ENABLED=1 -trimpath -ldflags=-s -w -X=github.com/ollama/ollama/version.Version=" +
	Version + " miniaudio=github.com/gen2brain/malgo@v0.11.24"

// CacheKey names the cache directory of a binary built from Version by this
// Go toolchain with buildFlags:
// "<Version>-<go version>-<first 12 hex digits of sha256(buildFlags)>".
// .ci/build-ollama --key prints the same.
func CacheKey() string {
	sum := sha256.Sum256([]byte(buildFlags))
	return Version + "-" + runtime.Version() + "-" + hex.EncodeToString(sum[:])[:12]
}

// CacheDir returns the root of the binary cache: $ANNA_OLLAMA_CACHE, or
// ~/.cache/anna/ollama.
func CacheDir() (string, error) {
	if d := os.Getenv("ANNA_OLLAMA_CACHE"); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot locate the Ollama cache: %w", err)
	}
	return filepath.Join(home, ".cache", "anna", "ollama"), nil
}

// Binary returns the Ollama server binary: $ANNA_OLLAMA_BIN when set, else
// the one .ci/build-ollama cached for CacheKey.
func Binary() (string, error) {
	if p := os.Getenv("ANNA_OLLAMA_BIN"); p != "" {
		return p, checkExecutable(p, "ANNA_OLLAMA_BIN")
	}
	dir, err := CacheDir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, CacheKey(), "ollama")
	return p, checkExecutable(p, "the build cache")
}

func checkExecutable(path, from string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("cannot find the Ollama binary %s (from %s); run .ci/build-ollama or set ANNA_OLLAMA_BIN", path, from)
	case err != nil:
		return fmt.Errorf("cannot use the Ollama binary from %s: %w", from, err)
	case fi.IsDir() || fi.Mode().Perm()&0o111 == 0:
		return fmt.Errorf("cannot run %s from %s: not an executable file", path, from)
	}
	return nil
}

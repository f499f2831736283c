package update

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// WriteRelease signs the release directory dir as version: it writes
// manifest.json, naming every regular file in dir with its SHA-256 and
// size, and manifest.json.sig. It is what `make release-manifest` runs.
func WriteRelease(dir, version string, key ed25519.PrivateKey) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("cannot read the release directory: %w", err)
	}
	m := Manifest{Version: version, Artifacts: map[string]Artifact{}}
	for _, e := range ents {
		if !e.Type().IsRegular() || e.Name() == ManifestFile || e.Name() == SignatureFile {
			continue
		}
		a, err := describe(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		m.Artifacts[e.Name()] = a
	}
	body, err := m.Marshal()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), body, 0o644); err != nil {
		return fmt.Errorf("cannot write the manifest: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, SignatureFile), Sign(key, body), 0o644); err != nil {
		return fmt.Errorf("cannot write the signature: %w", err)
	}
	return nil
}

func describe(path string) (Artifact, error) {
	f, err := os.Open(path)
	if err != nil {
		return Artifact{}, fmt.Errorf("cannot read artifact: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return Artifact{}, fmt.Errorf("cannot read artifact %s: %w", path, err)
	}
	return Artifact{SHA256: digestHex(h.Sum(nil)), Size: n}, nil
}

// ReadKey reads a signing key file: the base64 of a 32-byte ed25519 seed,
// as GenerateKeyFile writes it. The file must not be readable by others.
func ReadKey(path string) (ed25519.PrivateKey, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the signing key: %w", err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("cannot use the signing key %s: its mode is %v; chmod 600 it", path, fi.Mode().Perm())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the signing key: %w", err)
	}
	seed, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("cannot use the signing key %s: want the base64 of a 32-byte ed25519 seed", path)
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

// GenerateKeyFile writes a new signing key to path (mode 0600, never over
// an existing file) and returns its public key in base64, the form
// RELEASE_KEYS takes.
func GenerateKeyFile(path string, random io.Reader) (string, error) {
	pub, key, err := ed25519.GenerateKey(random)
	if err != nil {
		return "", fmt.Errorf("cannot generate a key: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", fmt.Errorf("cannot create the key file: %w", err)
	}
	if _, err := io.WriteString(f, base64.StdEncoding.EncodeToString(key.Seed())+"\n"); err != nil {
		_ = f.Close()
		return "", fmt.Errorf("cannot write the key file: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("cannot write the key file: %w", err)
	}
	return base64.StdEncoding.EncodeToString(pub), nil
}

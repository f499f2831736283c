// Package update keeps annad and annactl at the newest signed release. A
// release directory (see `make release-manifest`) holds manifest.json, which
// names the version and each artifact's SHA-256 and size, and
// manifest.json.sig, an ed25519 signature over manifest.json's exact bytes
// by a key compiled into annad. The Checker fetches both every interval and
// reports what it found; with auto_update it downloads the artifacts,
// verifies them against the signed manifest, swaps the binaries in with
// renames in their own directory, restarts annad through systemd and rolls
// back if the restart fails. Nothing on the host changes unless every
// signature and digest checked out, and it never installs an older version.
package update

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Bounds on what a release server may send; anything larger is refused
// before it is read further.
const (
	MaxManifestBytes  = 64 << 10
	MaxSignatureBytes = 1 << 10
	MaxArtifactBytes  = 512 << 20
	maxArtifacts      = 64
)

// File names inside a release directory.
const (
	ManifestFile  = "manifest.json"
	SignatureFile = "manifest.json.sig"
)

// Manifest describes one release. Its JSON encoding by Marshal is what the
// release tool signs: encoding/json writes struct fields in order and map
// keys sorted, so the bytes are canonical for a given manifest.
type Manifest struct {
	Version   string              `json:"version"`
	Artifacts map[string]Artifact `json:"artifacts"`
}

// Artifact is one file of a release.
type Artifact struct {
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
}

var (
	artifactName = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)
	hexDigest    = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// Marshal returns the canonical bytes of m, the ones a signature covers.
func (m Manifest) Marshal() ([]byte, error) {
	if err := m.validate(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("cannot encode the manifest: %w", err)
	}
	return append(b, '\n'), nil
}

func (m Manifest) validate() error {
	if _, err := ParseVersion(m.Version); err != nil {
		return err
	}
	if len(m.Artifacts) == 0 || len(m.Artifacts) > maxArtifacts {
		return fmt.Errorf("cannot accept a manifest with %d artifacts: want 1 to %d", len(m.Artifacts), maxArtifacts)
	}
	for name, a := range m.Artifacts {
		if !artifactName.MatchString(name) {
			return fmt.Errorf("cannot accept artifact name %q", name)
		}
		if !hexDigest.MatchString(a.SHA256) {
			return fmt.Errorf("cannot accept artifact %s: sha256 is not 64 lowercase hex digits", name)
		}
		if a.Size <= 0 || a.Size > MaxArtifactBytes {
			return fmt.Errorf("cannot accept artifact %s: size %d is outside 1 to %d bytes", name, a.Size, MaxArtifactBytes)
		}
	}
	return nil
}

// Sign returns the detached signature file content for manifest bytes: the
// base64 of the ed25519 signature and a newline.
func Sign(key ed25519.PrivateKey, manifest []byte) []byte {
	sig := ed25519.Sign(key, manifest)
	return []byte(base64.StdEncoding.EncodeToString(sig) + "\n")
}

// Verify checks sigFile (as Sign writes it) over manifest against each of
// the accepted keys, then parses and validates the manifest. The manifest is
// parsed only after its signature checked out, so an attacker's bytes never
// reach the JSON decoder.
func Verify(keys []ed25519.PublicKey, manifest, sigFile []byte) (Manifest, error) {
	if len(keys) == 0 {
		return Manifest{}, fmt.Errorf("cannot verify the release: this build of annad has no release key; build it with RELEASE_KEYS set (see README, updates)")
	}
	sig, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(sigFile)))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return Manifest{}, fmt.Errorf("cannot verify the release: %s is not a base64 ed25519 signature", SignatureFile)
	}
	ok := false
	for _, k := range keys {
		if len(k) == ed25519.PublicKeySize && ed25519.Verify(k, manifest, sig) {
			ok = true
			break
		}
	}
	if !ok {
		return Manifest{}, fmt.Errorf("cannot verify the release: its signature matches none of the %d keys annad accepts", len(keys))
	}
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(manifest))
	if err := dec.Decode(&m); err != nil {
		return Manifest{}, fmt.Errorf("cannot parse the signed manifest: %w", err)
	}
	if err := m.validate(); err != nil {
		return Manifest{}, err
	}
	return m, nil
}

// ParseKeys reads public keys written as base64 (standard encoding),
// separated by commas or white space, the form RELEASE_KEYS and the key
// tool use.
func ParseKeys(s string) ([]ed25519.PublicKey, error) {
	var keys []ed25519.PublicKey
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' }) {
		b, err := base64.StdEncoding.DecodeString(f)
		if err != nil || len(b) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("cannot parse release key %q: want the base64 of a 32-byte ed25519 public key", f)
		}
		keys = append(keys, ed25519.PublicKey(b))
	}
	return keys, nil
}

// digestHex is a SHA-256 sum in the manifest's form.
func digestHex(sum []byte) string { return hex.EncodeToString(sum) }

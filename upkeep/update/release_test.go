package update

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteReleaseSignsEveryFile(t *testing.T) {
	keyFile := filepath.Join(t.TempDir(), "release.key")
	pubText, err := GenerateKeyFile(keyFile, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := GenerateKeyFile(keyFile, rand.Reader); err == nil {
		t.Error("GenerateKeyFile overwrote an existing key")
	}
	key, err := ReadKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, body := range map[string]string{"annad-linux-amd64": "d", "annactl-linux-amd64": "ctl", "install.sh": "#!/bin/sh\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteRelease(dir, "0.2.0", key); err != nil {
		t.Fatal(err)
	}
	// Signing again (a rerun of make) ignores the old manifest.
	if err := WriteRelease(dir, "0.2.0", key); err != nil {
		t.Fatal(err)
	}
	body, _ := os.ReadFile(filepath.Join(dir, ManifestFile))
	sig, _ := os.ReadFile(filepath.Join(dir, SignatureFile))
	pub, err := ParseKeys(pubText)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Verify(pub, body, sig)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Artifacts) != 3 || m.Artifacts["annactl-linux-amd64"].Size != 3 || m.Artifacts["annad-linux-amd64"].SHA256 != sum([]byte("d")) {
		t.Errorf("manifest = %+v", m)
	}
	if err := os.Chmod(keyFile, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadKey(keyFile); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a world-readable key was used: %v", err)
	}
	if len(pub[0]) != ed25519.PublicKeySize || base64.StdEncoding.EncodeToString(pub[0]) != pubText {
		t.Error("the printed public key does not round-trip")
	}
}

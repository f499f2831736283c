package vmtests

import (
	"archive/tar"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/klauspost/compress/zstd"
)

// ollamaArchive is the release archive's file name the host serves.
const ollamaArchive = "ollama-linux-amd64.tar.zst"

// packOllama writes bin as Ollama's Linux release archive into dir, in the
// layout annad unpacks (bin/ollama and lib/ollama/, zstd-compressed tar),
// and returns the archive's SHA-256 for [ollama] release_sha256.
func packOllama(bin, dir string) (string, error) {
	src, err := os.Open(bin)
	if err != nil {
		return "", fmt.Errorf("cannot read the Ollama binary: %w", err)
	}
	defer src.Close()
	st, err := src.Stat()
	if err != nil {
		return "", fmt.Errorf("cannot read the Ollama binary: %w", err)
	}
	f, err := os.Create(filepath.Join(dir, ollamaArchive))
	if err != nil {
		return "", fmt.Errorf("cannot create the Ollama archive: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	z, err := zstd.NewWriter(io.MultiWriter(f, h), zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		return "", fmt.Errorf("cannot compress the Ollama archive: %w", err)
	}
	tw := tar.NewWriter(z)
	hdrs := []*tar.Header{
		{Name: "bin/", Typeflag: tar.TypeDir, Mode: 0o755},
		{Name: "lib/", Typeflag: tar.TypeDir, Mode: 0o755},
		{Name: "lib/ollama/", Typeflag: tar.TypeDir, Mode: 0o755},
		{Name: "bin/ollama", Typeflag: tar.TypeReg, Mode: 0o755, Size: st.Size()},
	}
	for _, hdr := range hdrs {
		if err := tw.WriteHeader(hdr); err != nil {
			return "", fmt.Errorf("cannot write the Ollama archive: %w", err)
		}
	}
	if _, err := io.Copy(tw, src); err != nil {
		return "", fmt.Errorf("cannot write the Ollama archive: %w", err)
	}
	for _, c := range []io.Closer{tw, z, f} {
		if err := c.Close(); err != nil {
			return "", fmt.Errorf("cannot write the Ollama archive: %w", err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

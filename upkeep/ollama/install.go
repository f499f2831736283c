package ollama

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// Bounds on Ollama's release archive (about 2 GiB with GPU libraries).
const (
	maxArchiveBytes  = 8 << 30
	maxArchiveFiles  = 4096
	downloadDeadline = 60 * time.Minute
)

func digest(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// install downloads the pinned archive, checks its SHA-256 and unpacks its
// bin/ollama and lib/ollama/ under /usr/local. Nothing is unpacked unless
// the whole archive matched the pin.
func (m *Manager) install(ctx context.Context) error {
	m.phase("downloading Ollama", 0)
	f, err := os.CreateTemp(m.Layout.StateDir(), ".ollama-download-*")
	if err != nil {
		return fmt.Errorf("cannot create a file for the Ollama download: %w", err)
	}
	defer func() { _ = f.Close(); _ = os.Remove(f.Name()) }()
	if err := m.download(ctx, f); err != nil {
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("cannot read the Ollama download: %w", err)
	}
	m.phase("installing Ollama", -1)
	return m.unpack(ctx, f)
}

func (m *Manager) download(ctx context.Context, w io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, downloadDeadline)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, m.ReleaseURL, nil)
	if err != nil {
		return fmt.Errorf("cannot download Ollama from %s: %w", m.ReleaseURL, err)
	}
	resp, err := m.httpClient().Do(req)
	if err != nil {
		return fmt.Errorf("cannot download Ollama from %s: %w", m.ReleaseURL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("cannot download Ollama from %s: the server answered %s", m.ReleaseURL, resp.Status)
	}
	h := sha256.New()
	pw := &progressWriter{total: resp.ContentLength, report: func(p int) { m.phase("downloading Ollama", p) }}
	n, err := io.Copy(io.MultiWriter(w, h, pw), io.LimitReader(resp.Body, maxArchiveBytes+1))
	if err != nil {
		return fmt.Errorf("cannot download Ollama from %s: %w", m.ReleaseURL, err)
	}
	if n > maxArchiveBytes {
		return fmt.Errorf("cannot install Ollama: %s is larger than %d bytes", m.ReleaseURL, int64(maxArchiveBytes))
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != m.ReleaseSHA256 {
		return fmt.Errorf("cannot install Ollama: %s has sha256 %s, [ollama] release_sha256 says %s; fix the pin or the URL", m.ReleaseURL, got, m.ReleaseSHA256)
	}
	return nil
}

// progressWriter reports whole percents of a download of known size.
type progressWriter struct {
	total, done int64
	last        int
	report      func(int)
}

func (p *progressWriter) Write(b []byte) (int, error) {
	p.done += int64(len(b))
	if p.total > 0 {
		if pc := int(p.done * 100 / p.total); pc != p.last && pc <= 100 {
			p.last = pc
			p.report(pc)
		}
	}
	return len(b), nil
}

// decompress picks gzip or zstd from the archive's first bytes: Ollama has
// shipped .tgz and .tar.zst.
func decompress(r io.Reader) (io.Reader, func(), error) {
	br := bufio.NewReader(r)
	magic, _ := br.Peek(4)
	switch {
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, err
		}
		return z, func() { _ = z.Close() }, nil
	case bytes.Equal(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		z, err := zstd.NewReader(br, zstd.WithDecoderMaxWindow(64<<20))
		if err != nil {
			return nil, nil, err
		}
		return z, z.Close, nil
	}
	return nil, nil, errors.New("it is neither gzip nor zstd")
}

// unpack extracts bin/ollama and lib/ollama/… into the install prefix
// through an os.Root, so no entry (.., an absolute name, a planted link)
// writes outside it; links may only name files in their own directory.
func (m *Manager) unpack(ctx context.Context, r io.Reader) error {
	prefix := m.Layout.Path(installPrefix)
	if err := os.MkdirAll(prefix, 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", prefix, err)
	}
	root, err := os.OpenRoot(prefix)
	if err != nil {
		return fmt.Errorf("cannot open %s: %w", prefix, err)
	}
	defer root.Close()
	dr, closeFn, err := decompress(r)
	if err != nil {
		return fmt.Errorf("cannot unpack the Ollama archive: %w", err)
	}
	defer closeFn()
	tr := tar.NewReader(dr)
	sawBinary := false
	for files := 0; ; files++ {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("cannot unpack the Ollama archive: %w", err)
		}
		if files > maxArchiveFiles {
			return fmt.Errorf("cannot unpack the Ollama archive: more than %d entries", maxArchiveFiles)
		}
		name := path.Clean(strings.TrimPrefix(hdr.Name, "./"))
		if name != "bin/ollama" && name != "lib/ollama" && !strings.HasPrefix(name, "lib/ollama/") {
			continue // only what Ollama's own installer puts under /usr/local
		}
		if err := m.unpackEntry(ctx, root, prefix, name, hdr, tr); err != nil {
			return err
		}
		sawBinary = sawBinary || name == "bin/ollama"
	}
	if !sawBinary {
		return fmt.Errorf("cannot install Ollama: the archive at %s has no bin/ollama; check [ollama] release_url", m.ReleaseURL)
	}
	return nil
}

func (m *Manager) unpackEntry(ctx context.Context, root *os.Root, prefix, name string, hdr *tar.Header, r io.Reader) error {
	full := prefix + "/" + name
	if err := m.mkdirs(ctx, root, prefix, path.Dir(name)); err != nil {
		return err
	}
	switch hdr.Typeflag {
	case tar.TypeDir:
		return m.mkdirs(ctx, root, prefix, name)
	case tar.TypeSymlink:
		if strings.Contains(hdr.Linkname, "/") || hdr.Linkname == ".." || hdr.Linkname == "" {
			return fmt.Errorf("cannot unpack %s: its link target %q leaves its directory", name, hdr.Linkname)
		}
		if err := root.Symlink(hdr.Linkname, name); err != nil {
			return fmt.Errorf("cannot create %s: %w", full, err)
		}
		return m.record(ctx, upkeep.Entry{Kind: upkeep.KindFile, Target: full, Reversal: upkeep.ReverseRemove, Note: "Ollama"})
	case tar.TypeReg:
		f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755&hdr.FileInfo().Mode().Perm()|0o644)
		if err != nil {
			return fmt.Errorf("cannot create %s (remove a leftover Ollama install first): %w", full, err)
		}
		h := sha256.New()
		_, werr := io.Copy(io.MultiWriter(f, h), r)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return fmt.Errorf("cannot write %s: %w", full, werr)
		}
		return m.record(ctx, upkeep.Entry{Kind: upkeep.KindFile, Target: full, Reversal: upkeep.ReverseRemove,
			SHA256: hex.EncodeToString(h.Sum(nil)), Note: "Ollama"})
	}
	return nil // devices, fifos, hard links: Ollama ships none
}

// mkdirs creates dir and its missing parents inside root, recording each
// one it created.
func (m *Manager) mkdirs(ctx context.Context, root *os.Root, prefix, dir string) error {
	if dir == "." || dir == "" {
		return nil
	}
	if err := m.mkdirs(ctx, root, prefix, path.Dir(dir)); err != nil {
		return err
	}
	err := root.Mkdir(dir, 0o755)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot create %s/%s: %w", prefix, dir, err)
	}
	return m.record(ctx, upkeep.Entry{Kind: upkeep.KindDir, Target: prefix + "/" + dir, Reversal: upkeep.ReverseRemove, Note: "Ollama"})
}

package journal

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/pierrec/lz4/v4"
	"github.com/ulikunitz/xz"
)

// patched writes the fixture name with patch applied to a new file and
// opens it.
func patched(t *testing.T, name string, patch func(b []byte) []byte) (*File, error) {
	t.Helper()
	dir := t.TempDir()
	b, err := os.ReadFile(fixture(t, dir, name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "patched.journal")
	if err := os.WriteFile(path, patch(b), 0o600); err != nil {
		t.Fatal(err)
	}
	return Open(path, Limits{})
}

func count(t *testing.T, j *File) (n, skipped int, err error) {
	t.Helper()
	_, skipped, err = j.Backward(context.Background(), func(e *Entry) bool {
		if _, err := e.Fields(); err == nil {
			n++
		}
		return true
	})
	return n, skipped, err
}

func TestRefusesUnknownIncompatibleFlag(t *testing.T) {
	_, err := patched(t, "compact", func(b []byte) []byte { b[13] |= 0x01; return b })
	if err == nil || !strings.Contains(err.Error(), "unsupported incompatible flags 0x100 (COMPRESSED-ZSTD KEYED-HASH COMPACT unknown 0x100)") {
		t.Errorf("error = %v", err)
	}
	// An unknown compatible flag is fine.
	j, err := patched(t, "compact", func(b []byte) []byte { b[11] |= 0x80; return b })
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
}

func TestRefusesWhatIsNotAJournalFile(t *testing.T) {
	dir := t.TempDir()
	real := fixture(t, dir, "user")
	link := filepath.Join(dir, "link.journal")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(link, Limits{}); !errors.Is(err, syscall.ELOOP) {
		t.Errorf("symlink: %v", err)
	}
	if _, err := Open(dir, Limits{}); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	fifo := filepath.Join(dir, "fifo.journal")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(fifo, Limits{}); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("fifo: %v", err) // and it did not block
	}
	short := filepath.Join(dir, "short.journal")
	if err := os.WriteFile(short, []byte("LPKSHHRH"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(short, Limits{}); !errors.Is(err, ErrNotJournal) {
		t.Errorf("short file: %v", err)
	}
	if _, err := Open(real, Limits{MaxFileSize: 1 << 20}); err == nil || !strings.Contains(err.Error(), "over the 1048576-byte bound") {
		t.Errorf("large file: %v", err)
	}
}

// journald appends while the file is online: a reader sees the entries
// its header snapshot counts, and an entry whose objects are not there
// (a file cut short) is skipped whole.
func TestOnlineFileSnapshot(t *testing.T) {
	j, err := patched(t, "regular", func(b []byte) []byte {
		b[16] = StateOnline
		le.PutUint64(b[152:], 450) // n_entries: 150 entries came after the snapshot
		return b
	})
	if err != nil {
		t.Fatal(err)
	}
	n, skipped, err := count(t, j)
	j.Close()
	if n != 450 || skipped != 0 || err != nil {
		t.Errorf("%d entries, %d skipped: %v", n, skipped, err)
	}
	// Cut the file in the middle of its objects.
	j, err = patched(t, "compact", func(b []byte) []byte {
		b[16] = StateOnline
		tail := le.Uint64(b[136:]) // tail_object_offset
		return b[:tail-4000]
	})
	if err != nil {
		t.Fatal(err)
	}
	n, skipped, err = count(t, j)
	j.Close()
	if n == 0 || n >= 600 || err == nil && skipped == 0 {
		t.Errorf("%d entries, %d skipped: %v", n, skipped, err)
	}
}

func TestEntryArrayLoop(t *testing.T) {
	j, err := patched(t, "regular", func(b []byte) []byte {
		first := le.Uint64(b[176:])
		second := le.Uint64(b[first+16:])
		le.PutUint64(b[second+16:], first) // the second array points back to the first
		return b
	})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	n, _, err := count(t, j)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "goes back") || n == 0 {
		t.Errorf("%d entries: %v", n, err)
	}
}

func TestWalkBounds(t *testing.T) {
	dir := t.TempDir()
	j, err := Open(fixture(t, dir, "compact"), Limits{MaxEntries: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	walked, _, err := j.Backward(context.Background(), func(*Entry) bool { return true })
	if walked != 10 || !errors.Is(err, ErrTooMany) {
		t.Errorf("walked %d: %v", walked, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := j.Backward(ctx, func(*Entry) bool { return true }); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled walk: %v", err)
	}
}

// The 96 KiB message is zstd-compressed in the file; the reader stops
// decompressing at the field bound.
func TestFieldBound(t *testing.T) {
	dir := t.TempDir()
	_, fields := readAll(t, fixture(t, dir, "compact"), Limits{})
	var huge *Field
	for _, fs := range fields {
		for i, f := range fs {
			if f.Name == "MESSAGE" && bytes.HasPrefix(f.Value, []byte("huge message")) {
				huge = &fs[i]
			}
		}
	}
	if huge == nil || !huge.Cut || len(huge.Value) != DefaultMaxFieldBytes-len("MESSAGE=") || huge.Size != 0 {
		t.Fatalf("huge message: %+v", huge)
	}
}

// systemd's LZ4 payload: the size as 64-bit little-endian, then a block.
func TestDecodeLZ4(t *testing.T) {
	text := bytes.Repeat([]byte("MESSAGE=lz4 compressed journal field "), 100)
	block := make([]byte, lz4.CompressBlockBound(len(text)))
	n, err := lz4.CompressBlock(text, block, nil)
	if err != nil || n == 0 {
		t.Fatal(n, err)
	}
	src := le.AppendUint64(nil, uint64(len(text)))
	src = append(src, block[:n]...)
	out, cut, full, err := decodeLZ4(src, 1<<20)
	if err != nil || cut || full != uint64(len(text)) || !bytes.Equal(out, text) {
		t.Errorf("cut %v, full %d: %v", cut, full, err)
	}
	if out, cut, _, err = decodeLZ4(src, 100); err != nil || !cut || len(out) != 100 {
		t.Errorf("bounded: %d bytes, cut %v: %v", len(out), cut, err)
	}
	// A declared size over the bound is refused before any allocation.
	le.PutUint64(src, 1<<40)
	if _, _, _, err := decodeLZ4(src, 100); err == nil {
		t.Error("a 1 TiB declared size was accepted")
	}
	le.PutUint64(src, uint64(len(text)+1))
	if _, _, _, err := decodeLZ4(src, 1<<20); err == nil {
		t.Error("a wrong declared size was accepted")
	}
}

// systemd's XZ payload: one xz stream, one block, LZMA2 with a 1 MiB
// dictionary.
func TestDecodeXZ(t *testing.T) {
	text := bytes.Repeat([]byte("MESSAGE=xz compressed journal field "), 2000)
	var buf bytes.Buffer
	w, err := xz.WriterConfig{DictCap: 1 << 20, CheckSum: xz.None}.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(text)
	w.Close()
	out, cut, _, err := decodeXZ(bytes.NewReader(buf.Bytes()), 1<<20)
	if err != nil || cut || !bytes.Equal(out, text) {
		t.Errorf("%d bytes, cut %v: %v", len(out), cut, err)
	}
	out, cut, _, err = decodeXZ(bytes.NewReader(buf.Bytes()), 1000)
	if err != nil || !cut || !bytes.Equal(out, text[:1000]) {
		t.Errorf("bounded: %d bytes, cut %v: %v", len(out), cut, err)
	}
	// The xz tool writes the same stream as liblzma in systemd.
	if xzTool, err := exec.LookPath("xz"); err == nil {
		cmd := exec.Command(xzTool, "--format=xz", "--check=none", "--lzma2=dict=1MiB", "--stdout")
		cmd.Stdin = bytes.NewReader(text)
		stream, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if out, _, _, err := decodeXZ(bytes.NewReader(stream), 1<<20); err != nil || !bytes.Equal(out, text) {
			t.Errorf("xz tool's stream: %d bytes: %v", len(out), err)
		}
	}
	// A 4 GiB dictionary is refused before the decoder allocates it.
	stream := bytes.Clone(buf.Bytes())
	i := bytes.Index(stream[13:], []byte{0x21, 0x01})
	if i < 0 {
		t.Fatal("no LZMA2 filter in the block header")
	}
	stream[13+i+2] = 40
	if _, _, _, err := decodeXZ(bytes.NewReader(stream), 1000); err == nil || !strings.Contains(err.Error(), "over the") {
		t.Errorf("large dictionary: %v", err)
	}
}

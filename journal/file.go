package journal

import (
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// Limits bound what reading one file may cost. The zero value of a field
// means its default.
type Limits struct {
	// MaxFileSize refuses larger files; journald's files are at most
	// 128 MiB by default, and compact ones cannot exceed 4 GiB.
	MaxFileSize int64
	// MaxFieldBytes is the most of one field's payload (NAME=value) that
	// is read or decompressed; the rest is cut.
	MaxFieldBytes int
	// MaxEntries is the most entries walked in one file.
	MaxEntries int
}

// Defaults of Limits.
const (
	DefaultMaxFileSize   = 4 << 30
	DefaultMaxFieldBytes = 64 << 10
	DefaultMaxEntries    = 1 << 20
)

// Bounds of the structures themselves.
const (
	maxEntryItems  = 4096 // journald allows 1024 fields per entry
	maxArrayChain  = 1 << 16
	maxNameBytes   = 256 // field names are at most 64 bytes
	pageSize       = 64 << 10
	maxCachedPages = 32
	maxCachedNames = 1 << 16
)

func (l Limits) withDefaults() Limits {
	if l.MaxFileSize <= 0 {
		l.MaxFileSize = DefaultMaxFileSize
	}
	if l.MaxFieldBytes <= 0 {
		l.MaxFieldBytes = DefaultMaxFieldBytes
	}
	if l.MaxEntries <= 0 {
		l.MaxEntries = DefaultMaxEntries
	}
	return l
}

// File is an open journal file. Its header is read once, by Open: for an
// online file that is the snapshot every later read is checked against.
// A File is not safe for concurrent use.
type File struct {
	f      *os.File
	hdr    Header
	limit  uint64 // end of the snapshot: no object may reach past it
	limits Limits
	pages  map[uint64]*page
	clock  uint64
	names  map[uint64]string // field name of each DATA object seen
	dec    *decoders
}

type page struct {
	b    []byte
	used uint64
}

// Open opens the journal file at path without following a symbolic link
// and reads its header. Anything but a regular file is refused.
func Open(path string, limits Limits) (*File, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_CLOEXEC|unix.O_NONBLOCK|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return NewFile(os.NewFile(uintptr(fd), path), limits)
}

// NewFile reads the header of the journal file f and takes ownership of
// f: the File closes it, also when NewFile fails.
func NewFile(f *os.File, limits Limits) (*File, error) {
	j, err := newFile(f, limits)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("cannot read journal file %s: %w", f.Name(), err)
	}
	return j, nil
}

func newFile(f *os.File, limits Limits) (*File, error) {
	limits = limits.withDefaults()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if st.Size() > limits.MaxFileSize {
		return nil, fmt.Errorf("%d bytes is over the %d-byte bound", st.Size(), limits.MaxFileSize)
	}
	j := &File{f: f, limits: limits, pages: make(map[uint64]*page), names: make(map[uint64]string)}
	j.limit = uint64(st.Size())
	b, err := j.read(0, headerSizeMin)
	if err != nil {
		if errors.Is(err, errOutside) {
			return nil, ErrNotJournal
		}
		return nil, err
	}
	if j.hdr, err = parseHeader(b); err != nil {
		return nil, err
	}
	if end := j.hdr.HeaderSize + j.hdr.ArenaSize; end < j.limit {
		j.limit = end
	}
	if j.hdr.Compact() && j.limit > 1<<32 {
		return nil, fmt.Errorf("corrupt header: a compact file of %d bytes", j.limit)
	}
	return j, nil
}

// Header returns the header as Open read it.
func (j *File) Header() Header { return j.hdr }

// Name returns the path the file was opened with.
func (j *File) Name() string { return j.f.Name() }

// Close closes the file.
func (j *File) Close() error { return j.f.Close() }

// errOutside is returned for a read past the end of the snapshot.
var errOutside = errors.New("offset outside the file")

// read returns n bytes at off, through a small cache of 64 KiB pages:
// the objects of one entry lie close together, and an entry walk reads
// many small objects. The result must not be modified.
func (j *File) read(off, n uint64) ([]byte, error) {
	if n > j.limit || off > j.limit-n {
		return nil, errOutside
	}
	if n == 0 {
		return nil, nil
	}
	first, last := off/pageSize, (off+n-1)/pageSize
	if first == last {
		p, err := j.page(first)
		if err != nil {
			return nil, err
		}
		start := off - first*pageSize
		if start+n > uint64(len(p)) {
			return nil, errOutside
		}
		return p[start : start+n], nil
	}
	if n > pageSize*4 {
		// Large reads bypass the cache.
		b := make([]byte, n)
		if _, err := j.f.ReadAt(b, int64(off)); err != nil {
			return nil, readErr(err)
		}
		return b, nil
	}
	b := make([]byte, 0, n)
	for i := first; i <= last; i++ {
		p, err := j.page(i)
		if err != nil {
			return nil, err
		}
		lo, hi := uint64(0), uint64(len(p))
		if i == first {
			lo = off - i*pageSize
		}
		if i == last {
			hi = off + n - i*pageSize
		}
		if lo > hi || hi > uint64(len(p)) {
			return nil, errOutside
		}
		b = append(b, p[lo:hi]...)
	}
	return b, nil
}

// page returns the cached page i, reading it on a miss. A page shorter
// than pageSize is the end of the snapshot or of a file that shrank.
func (j *File) page(i uint64) ([]byte, error) {
	j.clock++
	if p, ok := j.pages[i]; ok {
		p.used = j.clock
		return p.b, nil
	}
	if len(j.pages) >= maxCachedPages {
		var oldest uint64
		var age uint64 = ^uint64(0)
		for k, p := range j.pages {
			if p.used < age {
				oldest, age = k, p.used
			}
		}
		delete(j.pages, oldest)
	}
	size := min(uint64(pageSize), j.limit-i*pageSize)
	b := make([]byte, size)
	n, err := j.f.ReadAt(b, int64(i*pageSize))
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, readErr(err)
	}
	b = b[:n]
	j.pages[i] = &page{b: b, used: j.clock}
	return b, nil
}

func readErr(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errOutside // the file shrank under us
	}
	return err
}

// section returns a reader of n bytes at off, for a compressed payload
// that is decoded as a stream.
func (j *File) section(off, n uint64) (io.Reader, error) {
	if n > j.limit || off > j.limit-n {
		return nil, errOutside
	}
	return io.NewSectionReader(j.f, int64(off), int64(n)), nil
}

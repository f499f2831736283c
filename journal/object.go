package journal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

var le = binary.LittleEndian

// ErrCorrupt wraps every inconsistency found in a file's objects.
var ErrCorrupt = errors.New("corrupt journal object")

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// object checks the object header at off: aligned, inside the snapshot,
// of type typ and at least min bytes long. It returns the flags and size.
func (j *File) object(off uint64, typ uint8, min uint64) (flags uint8, size uint64, err error) {
	if off == 0 || off%8 != 0 || off < j.hdr.HeaderSize {
		return 0, 0, corrupt("object offset %d", off)
	}
	b, err := j.read(off, objectHeaderSize)
	if err != nil {
		return 0, 0, corrupt("object at %d: %v", off, err)
	}
	size = le.Uint64(b[8:])
	switch {
	case b[0] != typ:
		return 0, 0, corrupt("object at %d has type %d, want %d", off, b[0], typ)
	case size < min:
		return 0, 0, corrupt("object at %d is %d bytes", off, size)
	case size > j.limit || off > j.limit-size:
		return 0, 0, corrupt("object at %d of %d bytes ends outside the file", off, size)
	}
	return b[1], size, nil
}

// Entry is one journal entry: its timestamps and the DATA objects that
// hold its fields, read on demand.
type Entry struct {
	Offset    uint64
	Seqnum    uint64
	Realtime  uint64 // µs since the epoch
	Monotonic uint64 // µs since boot BootID started
	BootID    [16]byte
	file      *File
	items     []uint64
}

// entry reads the ENTRY object at off. Every item must point inside the
// snapshot; a DATA object is checked when it is read.
func (j *File) entry(off uint64) (*Entry, error) {
	itemSize := uint64(16)
	if j.hdr.Compact() {
		itemSize = 4
	}
	_, size, err := j.object(off, objectEntry, entryHeaderSize+itemSize)
	if err != nil {
		return nil, err
	}
	n := (size - entryHeaderSize) / itemSize
	if n > maxEntryItems {
		return nil, corrupt("entry at %d has %d items", off, n)
	}
	b, err := j.read(off, entryHeaderSize+n*itemSize)
	if err != nil {
		return nil, corrupt("entry at %d: %v", off, err)
	}
	e := &Entry{Offset: off, file: j, Seqnum: le.Uint64(b[16:]), Realtime: le.Uint64(b[24:]),
		Monotonic: le.Uint64(b[32:]), items: make([]uint64, 0, n)}
	copy(e.BootID[:], b[40:56])
	for i := range n {
		p := b[entryHeaderSize+i*itemSize:]
		var item uint64
		if itemSize == 4 {
			item = uint64(le.Uint32(p))
		} else {
			item = le.Uint64(p)
		}
		if item == 0 || item%8 != 0 || item < j.hdr.HeaderSize || item >= j.limit {
			return nil, corrupt("entry at %d refers to offset %d", off, item)
		}
		e.items = append(e.items, item)
	}
	return e, nil
}

// Field is one field of an entry. Value is cut to Limits.MaxFieldBytes
// (name and "=" included) when Cut is set; Size is then the full size
// when known, 0 otherwise.
type Field struct {
	Name  string
	Value []byte
	Cut   bool
	Size  uint64
}

// Fields reads every field of e in the order of its items. A DATA object
// that cannot be read fails the whole entry: a reader must show an entry
// whole or not at all.
func (e *Entry) Fields() ([]Field, error) {
	fields := make([]Field, 0, len(e.items))
	for _, off := range e.items {
		f, err := e.file.data(off, e.file.limits.MaxFieldBytes)
		if err != nil {
			return nil, err
		}
		fields = append(fields, f)
	}
	return fields, nil
}

// Value returns the value of the field name, reading only the DATA
// objects it needs; ok is false when e has no such field. A field set
// more than once yields its last value, as journalctl's short format
// shows it.
func (e *Entry) Value(name string) (f Field, ok bool, err error) {
	for i := len(e.items) - 1; i >= 0; i-- {
		n, err := e.file.name(e.items[i])
		if err != nil {
			return Field{}, false, err
		}
		if n != name {
			continue
		}
		f, err := e.file.data(e.items[i], e.file.limits.MaxFieldBytes)
		return f, err == nil, err
	}
	return Field{}, false, nil
}

// name returns the field name of the DATA object at off, from a cache:
// the objects that many entries share (PRIORITY=6, _BOOT_ID=…) are read
// once.
func (j *File) name(off uint64) (string, error) {
	if n, ok := j.names[off]; ok {
		return n, nil
	}
	f, err := j.data(off, maxNameBytes)
	if err != nil {
		return "", err
	}
	if len(j.names) >= maxCachedNames {
		clear(j.names)
	}
	j.names[off] = f.Name
	return f.Name, nil
}

// data reads the DATA object at off, at most max bytes of its payload.
func (j *File) data(off uint64, max int) (Field, error) {
	hdrSize := uint64(dataHeaderSize)
	if j.hdr.Compact() {
		hdrSize += dataCompactExtra
	}
	flags, size, err := j.object(off, objectData, hdrSize+1)
	if err != nil {
		return Field{}, err
	}
	n := size - hdrSize
	var payload []byte
	cut := false
	full := n
	switch c := flags & objectCompressedMask; c {
	case 0:
		if n > uint64(max) {
			n, cut = uint64(max), true
		}
		payload, err = j.read(off+hdrSize, n)
	case objectCompressedXZ, objectCompressedLZ4, objectCompressedZSTD:
		if j.hdr.Incompatible&compressionFlag(c) == 0 {
			return Field{}, corrupt("data object at %d is compressed, the file says it is not", off)
		}
		payload, cut, full, err = j.decompress(c, off+hdrSize, n, max)
	default:
		return Field{}, corrupt("data object at %d has flags %#x", off, flags)
	}
	if err != nil {
		return Field{}, corrupt("data object at %d: %v", off, err)
	}
	eq := bytes.IndexByte(payload, '=')
	if eq <= 0 {
		return Field{}, corrupt("data object at %d has no field name", off)
	}
	if !cut {
		full = uint64(len(payload))
	}
	f := Field{Name: string(payload[:eq]), Value: payload[eq+1:], Cut: cut}
	if full > uint64(eq) {
		f.Size = full - uint64(eq) - 1
	}
	return f, nil
}

func compressionFlag(objectFlag uint8) uint32 {
	switch objectFlag {
	case objectCompressedXZ:
		return flagCompressedXZ
	case objectCompressedLZ4:
		return flagCompressedLZ4
	}
	return flagCompressedZSTD
}

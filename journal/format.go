// Package journal reads systemd journal files natively, as documented in
// systemd's "Journal File Format": the header, ENTRY, DATA and ENTRY_ARRAY
// objects, the compact layout, and DATA payloads compressed with XZ, LZ4
// or ZSTD. It never maps a file: every read is a bounded pread, so a file
// journald truncates or appends to while it is read yields skipped entries
// and errors, never a crash or a torn entry. Every size and offset read
// from a file is checked before it is used: any local user can put text in
// the journal, and a corrupt file is no reason to fail.
//
// Lookups through the hash tables are not implemented: a reader that walks
// the entry array chain from the tail, as Tail does, needs no hashing.
package journal

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// signature starts every journal file.
const signature = "LPKSHHRH"

// Header flags. An incompatible flag this reader does not know makes the
// file unreadable for it; unknown compatible flags are ignored.
const (
	flagCompressedXZ   = 1 << 0
	flagCompressedLZ4  = 1 << 1
	flagKeyedHash      = 1 << 2
	flagCompressedZSTD = 1 << 3
	flagCompact        = 1 << 4

	knownIncompatible = flagCompressedXZ | flagCompressedLZ4 | flagKeyedHash | flagCompressedZSTD | flagCompact
)

// File states.
const (
	StateOffline  = 0
	StateOnline   = 1
	StateArchived = 2
)

// Object types.
const (
	objectData       = 1
	objectEntry      = 3
	objectEntryArray = 6
)

// Object flags: how a DATA payload is compressed.
const (
	objectCompressedXZ   = 1 << 0
	objectCompressedLZ4  = 1 << 1
	objectCompressedZSTD = 1 << 2
	objectCompressedMask = objectCompressedXZ | objectCompressedLZ4 | objectCompressedZSTD
)

// Fixed sizes of the on-disk structures.
const (
	headerSizeMin    = 208 // every field up to n_data exists in every version
	objectHeaderSize = 16  // type, flags, reserved, size
	entryHeaderSize  = 64  // object header, seqnum, realtime, monotonic, boot ID, xor hash
	arrayHeaderSize  = 24  // object header, next_entry_array_offset
	dataHeaderSize   = 64  // object header, hash and five offsets and counters
	dataCompactExtra = 8   // tail_entry_array_offset and _n_entries
)

// Header is what a reader needs from a journal file's header, read once
// when the file is opened: an online file's later appends are not seen.
type Header struct {
	Compatible   uint32
	Incompatible uint32
	State        uint8
	FileID       [16]byte
	MachineID    [16]byte
	SeqnumID     [16]byte
	HeaderSize   uint64
	ArenaSize    uint64
	NEntries     uint64
	// EntryArrayOffset is the head of the entry array chain that lists
	// every entry of the file in order.
	EntryArrayOffset uint64
	HeadRealtime     uint64
	TailRealtime     uint64
}

// Compact reports the compact layout of systemd 252 and later: 32-bit
// offsets in entries and entry arrays.
func (h Header) Compact() bool { return h.Incompatible&flagCompact != 0 }

// ErrNotJournal is returned for a file that does not start with a journal
// header.
var ErrNotJournal = errors.New("not a journal file")

// parseHeader checks and decodes the header in b, which holds at least
// headerSizeMin bytes.
func parseHeader(b []byte) (Header, error) {
	if len(b) < headerSizeMin || string(b[:8]) != signature {
		return Header{}, ErrNotJournal
	}
	le := binary.LittleEndian
	h := Header{
		Compatible:       le.Uint32(b[8:]),
		Incompatible:     le.Uint32(b[12:]),
		State:            b[16],
		HeaderSize:       le.Uint64(b[88:]),
		ArenaSize:        le.Uint64(b[96:]),
		NEntries:         le.Uint64(b[152:]),
		EntryArrayOffset: le.Uint64(b[176:]),
		HeadRealtime:     le.Uint64(b[184:]),
		TailRealtime:     le.Uint64(b[192:]),
	}
	copy(h.FileID[:], b[24:40])
	copy(h.MachineID[:], b[40:56])
	copy(h.SeqnumID[:], b[72:88])
	if unknown := h.Incompatible &^ knownIncompatible; unknown != 0 {
		return Header{}, fmt.Errorf("unsupported incompatible flags %#x (%s): a newer systemd wrote it", unknown, flagNames(h.Incompatible))
	}
	if h.HeaderSize < headerSizeMin || h.HeaderSize%8 != 0 {
		return Header{}, fmt.Errorf("corrupt header: header size %d", h.HeaderSize)
	}
	if h.State > StateArchived {
		return Header{}, fmt.Errorf("corrupt header: unknown state %d", h.State)
	}
	if h.HeaderSize+h.ArenaSize < h.HeaderSize {
		return Header{}, fmt.Errorf("corrupt header: arena size %d", h.ArenaSize)
	}
	return h, nil
}

// flagNames spells incompatible flags as journalctl --header does.
func flagNames(f uint32) string {
	var names []string
	for _, n := range []struct {
		bit  uint32
		name string
	}{{flagCompressedXZ, "COMPRESSED-XZ"}, {flagCompressedLZ4, "COMPRESSED-LZ4"}, {flagCompressedZSTD, "COMPRESSED-ZSTD"},
		{flagKeyedHash, "KEYED-HASH"}, {flagCompact, "COMPACT"}} {
		if f&n.bit != 0 {
			names = append(names, n.name)
			f &^= n.bit
		}
	}
	if f != 0 {
		names = append(names, fmt.Sprintf("unknown %#x", f))
	}
	return strings.Join(names, " ")
}

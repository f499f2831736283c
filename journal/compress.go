package journal

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
	"github.com/ulikunitz/xz/lzma"
)

// Bounds of decompression. A hostile payload may declare any size and any
// window; these hold memory to a few MiB whatever it declares.
const (
	maxZstdWindow   = 8 << 20
	maxXZDict       = 8 << 20 // systemd writes 1 MiB dictionaries
	maxLZ4Size      = 4 << 20 // LZ4 blocks decode whole
	maxCompressedIn = 64 << 20
)

// decoders holds the decoders a File reuses from field to field.
type decoders struct {
	zstd *zstd.Decoder
}

// decompress reads at most max bytes of the payload of n bytes at off,
// compressed as the object flag c says. full is the uncompressed size
// when the format states it, 0 otherwise.
func (j *File) decompress(c uint8, off, n uint64, max int) (out []byte, cut bool, full uint64, err error) {
	if n > maxCompressedIn {
		return nil, false, 0, fmt.Errorf("compressed payload of %d bytes", n)
	}
	switch c {
	case objectCompressedLZ4:
		src, err := j.read(off, n)
		if err != nil {
			return nil, false, 0, err
		}
		return decodeLZ4(src, max)
	case objectCompressedXZ:
		r, err := j.section(off, n)
		if err != nil {
			return nil, false, 0, err
		}
		return decodeXZ(r, max)
	}
	r, err := j.section(off, n)
	if err != nil {
		return nil, false, 0, err
	}
	if j.dec == nil {
		j.dec = &decoders{}
	}
	if j.dec.zstd == nil {
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxWindow(maxZstdWindow), zstd.WithDecoderMaxMemory(maxZstdWindow))
		if err != nil {
			return nil, false, 0, err
		}
		j.dec.zstd = d
	}
	if err := j.dec.zstd.Reset(r); err != nil {
		return nil, false, 0, err
	}
	out, cut, err = readUpTo(j.dec.zstd, max)
	return out, cut, 0, err
}

// readUpTo reads r to its end or to max bytes, whichever comes first.
func readUpTo(r io.Reader, max int) ([]byte, bool, error) {
	b, err := io.ReadAll(io.LimitReader(r, int64(max)+1))
	if err != nil {
		return nil, false, err
	}
	if len(b) > max {
		return b[:max], true, nil
	}
	return b, false, nil
}

// decodeLZ4 decodes systemd's LZ4 payload: the uncompressed size as a
// 64-bit little-endian number, then one LZ4 block.
func decodeLZ4(src []byte, max int) ([]byte, bool, uint64, error) {
	if len(src) <= 8 {
		return nil, false, 0, errors.New("lz4 payload too short")
	}
	size := le.Uint64(src)
	if size == 0 || size > maxLZ4Size {
		return nil, false, 0, fmt.Errorf("lz4 payload declares %d bytes", size)
	}
	dst := make([]byte, size)
	got, err := lz4.UncompressBlock(src[8:], dst)
	if err != nil {
		return nil, false, 0, fmt.Errorf("lz4: %w", err)
	}
	if uint64(got) != size {
		return nil, false, 0, fmt.Errorf("lz4 payload decodes to %d bytes, declares %d", got, size)
	}
	if got > max {
		return dst[:max], true, size, nil
	}
	return dst, false, size, nil
}

// xzMagic starts an xz stream.
var xzMagic = []byte{0xfd, '7', 'z', 'X', 'Z', 0}

// decodeXZ decodes the first block of the xz stream that systemd writes
// (one block, one LZMA2 filter). The container is parsed here so that
// the dictionary size is checked before the decoder allocates it;
// integrity checks are not verified.
func decodeXZ(r io.Reader, max int) ([]byte, bool, uint64, error) {
	var hdr [12 + 1024]byte
	if _, err := io.ReadFull(r, hdr[:13]); err != nil {
		return nil, false, 0, fmt.Errorf("xz: %w", err)
	}
	if !bytes.Equal(hdr[:6], xzMagic) {
		return nil, false, 0, errors.New("xz: bad magic")
	}
	blockSize := (int(hdr[12]) + 1) * 4
	if hdr[12] == 0 {
		return nil, false, 0, nil // an index right away: no blocks, empty
	}
	if _, err := io.ReadFull(r, hdr[13:12+blockSize]); err != nil {
		return nil, false, 0, fmt.Errorf("xz: %w", err)
	}
	dict, err := xzDict(hdr[12 : 12+blockSize])
	if err != nil {
		return nil, false, 0, err
	}
	dec, err := lzma.Reader2Config{DictCap: dict}.NewReader2(r)
	if err != nil {
		return nil, false, 0, fmt.Errorf("xz: %w", err)
	}
	out, cut, err := readUpTo(dec, max)
	if err != nil {
		return nil, false, 0, fmt.Errorf("xz: %w", err)
	}
	return out, cut, 0, nil
}

// xzDict returns the dictionary size of a block header with one LZMA2
// filter, and refuses any other.
func xzDict(b []byte) (int, error) {
	flags := b[1]
	if flags&0x03 != 0 || flags&0x3c != 0 {
		return 0, fmt.Errorf("xz: block flags %#x: systemd writes one filter", flags)
	}
	p := 2
	varint := func() (uint64, bool) {
		var v uint64
		for i := 0; i < 9 && p < len(b); i++ {
			c := b[p]
			p++
			v |= uint64(c&0x7f) << (7 * i)
			if c&0x80 == 0 {
				return v, true
			}
		}
		return 0, false
	}
	if flags&0x40 != 0 {
		if _, ok := varint(); !ok {
			return 0, errors.New("xz: bad block header")
		}
	}
	if flags&0x80 != 0 {
		if _, ok := varint(); !ok {
			return 0, errors.New("xz: bad block header")
		}
	}
	id, ok1 := varint()
	props, ok2 := varint()
	if !ok1 || !ok2 || id != 0x21 || props != 1 || p >= len(b) {
		return 0, errors.New("xz: not an LZMA2 block")
	}
	code := b[p]
	if code > 40 {
		return 0, fmt.Errorf("xz: dictionary code %d", code)
	}
	dict := uint64(0xffffffff)
	if code < 40 {
		dict = uint64(2|code&1) << (code/2 + 11)
	}
	if dict > maxXZDict {
		return 0, fmt.Errorf("xz: dictionary of %d bytes is over the %d-byte bound", dict, maxXZDict)
	}
	return max(int(dict), 4096), nil
}

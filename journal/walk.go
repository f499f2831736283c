package journal

import (
	"context"
	"errors"
	"fmt"
)

// entryArray is one ENTRY_ARRAY of the file's main chain: where its items
// start and how many of them the header's entry count says are in use.
type entryArray struct {
	items uint64 // offset of the first item
	n     uint64
}

// chain follows the main entry array chain from the header. Arrays are
// appended to the file, so each next array must lie after the one before:
// that rules out loops. A chain that breaks ends the walk there, with
// the arrays read so far and the error.
func (j *File) chain() ([]entryArray, error) {
	itemSize := uint64(8)
	if j.hdr.Compact() {
		itemSize = 4
	}
	var arrays []entryArray
	left := j.hdr.NEntries
	prev := uint64(0)
	for off := j.hdr.EntryArrayOffset; off != 0 && left > 0; {
		if off <= prev {
			return arrays, corrupt("entry array chain goes back from %d to %d", prev, off)
		}
		if len(arrays) >= maxArrayChain {
			return arrays, corrupt("entry array chain longer than %d", maxArrayChain)
		}
		_, size, err := j.object(off, objectEntryArray, arrayHeaderSize+itemSize)
		if err != nil {
			return arrays, err
		}
		b, err := j.read(off+objectHeaderSize, 8)
		if err != nil {
			return arrays, corrupt("entry array at %d: %v", off, err)
		}
		n := min((size-arrayHeaderSize)/itemSize, left)
		arrays = append(arrays, entryArray{items: off + arrayHeaderSize, n: n})
		left -= n
		prev, off = off, le.Uint64(b)
	}
	return arrays, nil
}

// itemChunk is how many entry offsets are read from an array at once.
const itemChunk = 512

// Backward calls fn with each entry of the file from the newest to the
// oldest, as the header's entry count at Open lists them, until fn
// returns false, Limits.MaxEntries entries were walked, or ctx ends. An
// entry that cannot be read (one journald is still writing, or a corrupt
// one) is skipped and counted in skipped. err is ctx's error, or the
// reason the rest of the file could not be walked (a broken chain); the
// entries passed to fn before it are valid.
func (j *File) Backward(ctx context.Context, fn func(*Entry) bool) (walked, skipped int, err error) {
	arrays, chainErr := j.chain()
	itemSize := uint64(8)
	if j.hdr.Compact() {
		itemSize = 4
	}
	last := ^uint64(0) // entry offsets strictly decrease going back
	for i := len(arrays) - 1; i >= 0; i-- {
		a := arrays[i]
		for end := a.n; end > 0; {
			start := end - min(end, itemChunk)
			b, err := j.read(a.items+start*itemSize, (end-start)*itemSize)
			if err != nil {
				return walked, skipped, corrupt("entry array items at %d: %v", a.items, err)
			}
			for k := end - start; k > 0; k-- {
				p := b[(k-1)*itemSize:]
				var off uint64
				if itemSize == 4 {
					off = uint64(le.Uint32(p))
				} else {
					off = le.Uint64(p)
				}
				if off == 0 {
					continue // a slot not yet filled
				}
				if off >= last {
					skipped++
					continue
				}
				if walked >= j.limits.MaxEntries {
					return walked, skipped, fmt.Errorf("%w: walked %d entries", ErrTooMany, walked)
				}
				if walked%256 == 0 {
					if err := ctx.Err(); err != nil {
						return walked, skipped, context.Cause(ctx)
					}
				}
				walked++
				e, err := j.entry(off)
				if err != nil {
					skipped++
					continue
				}
				last = off
				if !fn(e) {
					return walked, skipped, nil
				}
			}
			end = start
		}
	}
	return walked, skipped, chainErr
}

// ErrTooMany says a walk stopped at Limits.MaxEntries.
var ErrTooMany = errors.New("entry bound reached")

package journal

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
)

// Item is one entry Tail kept: what pick made of it, and its place in
// time.
type Item[T any] struct {
	Realtime uint64
	Seqnum   uint64
	Value    T
}

// Tail returns the newest n entries of files that pick accepts, oldest
// first, ordered by realtime (then sequence number) across files, like
// journalctl -n. Each file is walked from its tail and left as soon as
// its entries are older than the n newest found so far; files are taken
// newest first, so older files are mostly not read at all. pick reads
// what it needs from an entry (an error reading a field is pick's to
// judge). problems say which files could not be read in full and why;
// the entries read before a problem are kept.
func Tail[T any](ctx context.Context, files []*File, n int, pick func(*Entry) (T, bool)) ([]Item[T], []error) {
	if n <= 0 {
		return nil, nil
	}
	order := slices.Clone(files)
	slices.SortFunc(order, func(a, b *File) int { return cmp.Compare(b.hdr.TailRealtime, a.hdr.TailRealtime) })
	var kept []*Item[T] // pointers: sorting moves them, not the values
	var problems []error
	for _, f := range order {
		if err := ctx.Err(); err != nil {
			problems = append(problems, fmt.Errorf("cannot read %s: %w", f.Name(), context.Cause(ctx)))
			continue
		}
		floor, full := uint64(0), len(kept) >= n
		if full {
			floor = kept[0].Realtime
			if f.hdr.TailRealtime != 0 && f.hdr.TailRealtime < floor && f.hdr.State != StateOnline {
				continue
			}
		}
		got := 0
		_, skipped, err := f.Backward(ctx, func(e *Entry) bool {
			if full && e.Realtime < floor {
				return false
			}
			v, ok := pick(e)
			if ok {
				kept = append(kept, &Item[T]{Realtime: e.Realtime, Seqnum: e.Seqnum, Value: v})
				got++
			}
			return got < n
		})
		switch {
		case errors.Is(err, ErrTooMany):
			problems = append(problems, fmt.Errorf("read %s only in part: %w", f.Name(), err))
		case err != nil:
			problems = append(problems, fmt.Errorf("cannot read all of %s: %w", f.Name(), err))
		case skipped > 0 && f.hdr.State != StateOnline:
			problems = append(problems, fmt.Errorf("skipped %d unreadable entries in %s", skipped, f.Name()))
		}
		slices.SortStableFunc(kept, func(a, b *Item[T]) int {
			return cmp.Or(cmp.Compare(a.Realtime, b.Realtime), cmp.Compare(a.Seqnum, b.Seqnum))
		})
		if len(kept) > n {
			kept = slices.Delete(kept, 0, len(kept)-n)
		}
	}
	items := make([]Item[T], len(kept))
	for i, it := range kept {
		items[i] = *it
	}
	return items, problems
}

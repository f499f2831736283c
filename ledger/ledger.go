package ledger

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/statedir"
)

// FileName is the ledger's name in the state directory.
const FileName = "ledger.json"

// corruptPrefix starts the name of a ledger kept aside because it did not
// parse.
const corruptPrefix = FileName + ".corrupt-"

// State is the ledger's health, as `status` shows it.
type State struct {
	// Corrupt lists ledgers kept aside because they did not parse
	// (absolute paths); empty when the ledger is sound.
	Corrupt []string
	// Problem says what is wrong in a sentence, and Repair how to fix it;
	// both are empty when the ledger is sound.
	Problem, Repair string
}

// OK reports whether uninstall may trust the ledger.
func (s State) OK() bool { return s.Problem == "" }

// Ledger is the ledger file of one state directory. It is safe for
// concurrent use; every change is written before the call returns.
type Ledger struct {
	dir *statedir.Dir
	now func() time.Time

	mu    sync.Mutex
	doc   Document
	state State
}

// Open reads the ledger in dir. A missing ledger is an empty one. A ledger
// that does not parse is kept aside (see the package doc) and an empty one
// started; the error is only for what Open cannot do at all.
func Open(dir *statedir.Dir) (*Ledger, error) {
	l := &Ledger{dir: dir, now: time.Now}
	// A writer killed mid-write leaves its temporary file; nothing writes
	// the ledger before Open returns.
	if _, err := dir.RemoveTemps(FileName); err != nil {
		return nil, err
	}
	if err := l.Reload(); err != nil {
		return nil, err
	}
	return l, nil
}

// Reload reads the ledger file again and looks again for ledgers kept
// aside, so a repair made while annad runs is seen.
func (l *Ledger) Reload() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	doc, perr, err := l.read()
	if err != nil {
		return err
	}
	if perr != nil {
		aside := corruptPrefix + l.now().UTC().Format("20060102T150405.000000000Z")
		if err := l.dir.Rename(FileName, aside); err != nil {
			return fmt.Errorf("cannot keep the unreadable ledger aside (%v): %w", perr, err)
		}
		// Ids of the new ledger start above any the damaged one can hold
		// in practice, so its entries merge back without clashes.
		doc.NextID = max(doc.NextID, uint64(l.now().UnixMilli()))
	}
	l.doc = doc
	return l.checkAside(perr)
}

// read returns the ledger on disk; perr says why it does not parse, err
// why it cannot be read at all.
func (l *Ledger) read() (doc Document, perr, err error) {
	empty := Document{Version: Version, NextID: 1, Entries: []Entry{}}
	b, err := l.dir.ReadFileLimit(FileName, MaxBytes)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return empty, nil, nil
	case err != nil:
		// Too large, a symlink, not a regular file: as unusable as bad
		// JSON, and kept aside the same way.
		return empty, err, nil
	}
	if perr := parse(b, &doc); perr != nil {
		return empty, perr, nil
	}
	return doc, nil, nil
}

// parse decodes and checks a ledger: the right version, ids rising, every
// entry one an undo can act on safely.
func parse(b []byte, doc *Document) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(doc); err != nil {
		return fmt.Errorf("cannot parse the ledger: %w", err)
	}
	if dec.More() {
		return errors.New("cannot parse the ledger: trailing data after the object")
	}
	switch {
	case doc.Version != Version:
		return fmt.Errorf("cannot read ledger version %d: this annad reads version %d", doc.Version, Version)
	case len(doc.Entries) > MaxEntries:
		return fmt.Errorf("cannot read a ledger of %d entries: the limit is %d", len(doc.Entries), MaxEntries)
	}
	var last uint64
	for _, e := range doc.Entries {
		if e.ID <= last || e.ID >= doc.NextID {
			return fmt.Errorf("cannot read the ledger: entry id %d is out of order", e.ID)
		}
		last = e.ID
		if err := e.check(); err != nil {
			return err
		}
	}
	if doc.Entries == nil {
		doc.Entries = []Entry{}
	}
	return nil
}

// checkAside sets the state from the ledgers kept aside in the directory.
func (l *Ledger) checkAside(perr error) error {
	names, err := l.dir.Names(corruptPrefix, 16)
	if err != nil {
		return err
	}
	slices.Sort(names)
	l.state = State{}
	if len(names) == 0 {
		return nil
	}
	for _, n := range names {
		l.state.Corrupt = append(l.state.Corrupt, filepath.Join(l.dir.Path(), n))
	}
	first := l.state.Corrupt[0]
	l.state.Problem = fmt.Sprintf("the ledger did not parse and was kept aside as %s; changes recorded in it cannot be undone until it is repaired", first)
	if perr != nil {
		l.state.Problem += " (" + perr.Error() + ")"
	}
	l.state.Repair = fmt.Sprintf("fix the JSON in %s and merge its entries into %s, or delete %s to give up undoing what it recorded",
		first, filepath.Join(l.dir.Path(), FileName), first)
	return nil
}

// State returns the ledger's health as of the last read or write.
func (l *Ledger) State() State {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state
}

// Entries returns a copy of the entries, oldest first.
func (l *Ledger) Entries() []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.doc.Entries)
}

// Append records e, giving it an id and, when unset, the time. It returns
// the entry as recorded.
func (l *Ledger) Append(e Entry) (Entry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.appendLocked(e)
}

func (l *Ledger) appendLocked(e Entry) (Entry, error) {
	if len(l.doc.Entries) >= MaxEntries {
		return e, fmt.Errorf("cannot record %s %s: the ledger holds its limit of %d entries", e.Kind, e.Target, MaxEntries)
	}
	e.ID = l.doc.NextID
	if e.Time.IsZero() {
		e.Time = l.now().UTC()
	}
	if err := e.check(); err != nil {
		return e, err
	}
	next := l.doc
	next.NextID++
	next.Entries = append(slices.Clone(l.doc.Entries), e)
	return e, l.write(next)
}

// AppendOnce records e unless the ledger already holds the same change
// (same kind, target and reversal data); it reports whether it added it.
func (l *Ledger) AppendOnce(e Entry) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if slices.ContainsFunc(l.doc.Entries, e.same) {
		return false, nil
	}
	_, err := l.appendLocked(e)
	return err == nil, err
}

// Remove forgets the entries with the given ids (their changes were
// undone) and returns how many it forgot.
func (l *Ledger) Remove(ids ...uint64) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.keepLocked(func(e Entry) bool { return !slices.Contains(ids, e.ID) })
}

// DropLearned forgets the entries that describe learned data (kind
// state_written), which reset deletes, and returns them; see the package
// doc for why every other entry stays.
func (l *Ledger) DropLearned() ([]Entry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var dropped []Entry
	for _, e := range l.doc.Entries {
		if e.Kind == StateWritten {
			dropped = append(dropped, e)
		}
	}
	_, err := l.keepLocked(func(e Entry) bool { return e.Kind != StateWritten })
	if err != nil {
		return nil, err
	}
	return dropped, nil
}

func (l *Ledger) keepLocked(keep func(Entry) bool) (int, error) {
	next := l.doc
	next.Entries = []Entry{}
	for _, e := range l.doc.Entries {
		if keep(e) {
			next.Entries = append(next.Entries, e)
		}
	}
	gone := len(l.doc.Entries) - len(next.Entries)
	if gone == 0 {
		return 0, nil
	}
	return gone, l.write(next)
}

// write replaces the file with doc and, once it is on disk, the copy in
// memory; a failed write changes neither.
func (l *Ledger) write(doc Document) error {
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return fmt.Errorf("cannot encode the ledger: %w", err)
	}
	if len(b) > MaxBytes {
		return fmt.Errorf("cannot write the ledger: it would be %d bytes, more than the %d allowed", len(b), MaxBytes)
	}
	if err := l.dir.WriteFile(FileName, append(b, '\n')); err != nil {
		return err
	}
	l.doc = doc
	return nil
}

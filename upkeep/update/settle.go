package update

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// PendingFile, in annad's state directory, describes an update whose
// binaries are in place while annad restarts into them: restarting
// annad.service ends the process that swapped them, so the new annad
// finishes the update (Settle).
const PendingFile = "update-pending.json"

const maxPendingBytes = 16 << 10

// pending is PendingFile's content.
type pending struct {
	From     string          `json:"from"`
	To       string          `json:"to"`
	Binaries []pendingBinary `json:"binaries"`
}

type pendingBinary struct {
	Path   string `json:"path"`
	Prev   string `json:"prev"`
	SHA256 string `json:"sha256"`
}

// writePending records the swap before the restart that may end annad.
func (c *Checker) writePending(ts []*target, m Manifest) error {
	if c.StateDir == "" {
		return nil
	}
	p := pending{From: c.Current, To: m.Version}
	for _, t := range ts {
		p.Binaries = append(p.Binaries, pendingBinary{Path: t.path, Prev: t.prevPath, SHA256: m.Artifacts[t.artifact].SHA256})
	}
	b, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("cannot encode %s: %w", PendingFile, err)
	}
	path := filepath.Join(c.StateDir, PendingFile)
	tmp := path + ".new"
	_ = os.Remove(tmp)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", tmp, err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// readPending reads PendingFile at path, bounded and without following a
// link; a file that does not parse is removed. ok is false without one.
func readPending(path string) (p pending, ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return p, false, nil
	}
	if err != nil {
		return p, false, fmt.Errorf("cannot read %s: %w", path, err)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxPendingBytes))
	_ = f.Close()
	if err != nil {
		return p, false, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if err := json.Unmarshal(b, &p); err != nil {
		_ = os.Remove(path)
		return p, false, fmt.Errorf("cannot parse %s (removed it): %w", path, err)
	}
	return p, true, nil
}

// Settle finishes an update annad restarted into, at start: when the
// running version is the one PendingFile names, it records the binaries in
// the ledger, removes the kept old binaries and the file, and returns a
// line for the log. A pending update to another version (the restart was
// rolled back) is dropped. No PendingFile: nothing to do.
func Settle(ctx context.Context, stateDir, current string, ledger upkeep.Recorder) (string, error) {
	path := filepath.Join(stateDir, PendingFile)
	p, ok, err := readPending(path)
	if err != nil || !ok {
		return "", err
	}
	if p.To != current {
		_ = os.Remove(path)
		return fmt.Sprintf("the update from %s to %s did not take; running %s", p.From, p.To, current), nil
	}
	for _, bin := range p.Binaries {
		if ledger != nil {
			e := upkeep.Entry{Kind: upkeep.KindBinary, Target: bin.Path, Reversal: upkeep.ReverseRemove, SHA256: bin.SHA256, Note: "update " + p.From + " → " + p.To}
			if err := ledger.Record(ctx, e); err != nil {
				return "", fmt.Errorf("cannot record the update of %s in the ledger: %w", bin.Path, err)
			}
		}
		if filepath.Dir(bin.Prev) == filepath.Dir(bin.Path) { // only the backups apply made
			_ = os.Remove(bin.Prev)
		}
	}
	if err := os.Remove(path); err != nil {
		return "", fmt.Errorf("cannot remove %s: %w", path, err)
	}
	return fmt.Sprintf("updated from %s to %s", p.From, p.To), nil
}

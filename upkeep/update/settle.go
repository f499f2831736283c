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
	"time"

	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// PendingFile, in annad's state directory, carries an update across
// annad's own restart. It is the one record of the update's state, and
// each party changes it in turn:
//
//  1. the old annad writes it before the swap (Checker.apply);
//  2. the new annad, at start and before it tells systemd it is ready,
//     records the new binaries in the ledger and sets Settled (Settle);
//  3. the finisher, once the new annad answered with the new version,
//     removes the .prev backups and, when Settled, the file; or, when it
//     did not, puts the backups back and sets RolledBack (Finisher);
//  4. the annad that starts after a rollback makes the ledger describe the
//     binaries on disk again and removes the file (Settle).
//
// annad is the only writer of the ledger; the finisher writes only this
// file, FailedFile and the binaries' directory.
const PendingFile = "update-pending.json"

const maxPendingBytes = 16 << 10

// maxReasonBytes bounds the reason a finisher records for a rollback.
const maxReasonBytes = 1 << 10

// pending is PendingFile's content.
type pending struct {
	From     string          `json:"from"`
	To       string          `json:"to"`
	Binaries []pendingBinary `json:"binaries"`
	// Settled: the new annad recorded the new binaries in the ledger.
	Settled bool `json:"settled,omitempty"`
	// RolledBack: the finisher put the previous binaries back, for Reason.
	RolledBack bool   `json:"rolled_back,omitempty"`
	Reason     string `json:"reason,omitempty"`
}

type pendingBinary struct {
	Path   string `json:"path"`
	Prev   string `json:"prev"`
	SHA256 string `json:"sha256"`
	// PrevSHA256 is the digest of the binary the update replaced (""
	// when there was none): after a rollback, the only content the
	// ledger is brought back to.
	PrevSHA256 string `json:"prev_sha256,omitempty"`
}

// writePending records the swap before it happens.
func (c *Checker) writePending(ts []*target, m Manifest) error {
	p := pending{From: c.Current, To: m.Version}
	for _, t := range ts {
		p.Binaries = append(p.Binaries, pendingBinary{Path: t.path, Prev: t.prevPath, SHA256: m.Artifacts[t.artifact].SHA256, PrevSHA256: t.prevSHA256})
	}
	return savePending(c.StateDir, p)
}

// savePending replaces PendingFile whole: a new file (O_EXCL, no link
// followed), synced, renamed over the old one.
func savePending(stateDir string, p pending) error {
	b, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("cannot encode %s: %w", PendingFile, err)
	}
	path := filepath.Join(stateDir, PendingFile)
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

// Settle finishes at annad's start what PendingFile describes, and
// returns a line for the log. annad calls it before it tells systemd it
// is ready: the finisher's restart job ends at that moment, and the
// finisher then confirms (and removes the backups) or rolls back.
//
// Running the new version, Settle records the new binaries in the ledger
// once (Settled) and keeps the .prev backups, so a new annad that fails
// after this point can still be rolled back; the file goes once the
// finisher removed the backups. After a rollback (or running any other
// version than the update's) Settle brings the ledger back to the
// binaries on disk (reconcile), shows the reason as the checker's last
// error and removes the file. No PendingFile: nothing to do.
func (c *Checker) Settle(ctx context.Context) (string, error) {
	if c.StateDir == "" {
		return "", nil
	}
	path := filepath.Join(c.StateDir, PendingFile)
	p, ok, err := readPending(path)
	if err != nil || !ok {
		return "", err
	}
	if p.RolledBack || p.To != c.Current {
		msg := fmt.Sprintf("cannot update to %s: it did not take; running %s", p.To, c.Current)
		if p.Reason != "" {
			msg = fmt.Sprintf("cannot update to %s: it did not start (%s); rolled back to %s, kept until a newer release (see journalctl -u %s)", p.To, p.Reason, p.From, FinishUnit)
		}
		c.fail(errors.New(msg))
		if err := c.reconcile(ctx, p); err != nil {
			return "", err
		}
		if err := os.Remove(path); err != nil {
			return "", fmt.Errorf("cannot remove %s: %w", path, err)
		}
		return msg, nil
	}
	msg := fmt.Sprintf("updated from %s to %s", p.From, p.To)
	settledBefore := p.Settled
	if !p.Settled {
		for _, bin := range p.Binaries {
			if err := c.record(ctx, bin.Path, bin.SHA256, "update "+p.From+" → "+p.To); err != nil {
				return "", err
			}
		}
		p.Settled = true
		if err := savePending(c.StateDir, p); err != nil {
			return "", err
		}
	}
	if backupsLeft(p) && !(settledBefore && stale(path)) {
		return msg + "; the finisher checks it answers", nil
	}
	if settledBefore && stale(path) {
		// A second start, long after the first: no finisher is left to
		// confirm, and this version has run here since.
		for _, b := range p.Binaries {
			if ownBackup(b) {
				_ = os.Remove(b.Prev)
			}
		}
		msg += " (kept without the finisher's word: it did not finish)"
	}
	// The finisher confirmed before this start had settled.
	if err := os.Remove(path); err != nil {
		return "", fmt.Errorf("cannot remove %s: %w", path, err)
	}
	return msg, nil
}

// reconcile makes the ledger describe the binaries on disk after a
// rollback: a binary whose content is the one the update replaced, while
// the ledger's newest entry names another (the new annad had settled), is
// recorded again. Any other content is left to the ledger as it is: it is
// not Anna's, and uninstall keeps it.
func (c *Checker) reconcile(ctx context.Context, p pending) error {
	if c.Ledger == nil {
		return nil
	}
	for _, bin := range p.Binaries {
		if bin.PrevSHA256 == "" {
			continue
		}
		disk, err := fileDigest(bin.Path)
		if err != nil || disk != bin.PrevSHA256 || c.Ledger.Digest(bin.Path) == disk {
			continue
		}
		if err := c.record(ctx, bin.Path, disk, "update "+p.From+" → "+p.To+" rolled back"); err != nil {
			return err
		}
	}
	return nil
}

func (c *Checker) record(ctx context.Context, path, digest, note string) error {
	if c.Ledger == nil {
		return nil
	}
	e := upkeep.Entry{Kind: upkeep.KindBinary, Target: path, Reversal: upkeep.ReverseRemove, SHA256: digest, Note: note}
	if err := c.Ledger.Record(ctx, e); err != nil {
		return fmt.Errorf("cannot record %s in the ledger: %w", path, err)
	}
	return nil
}

// backupsLeft reports whether any of the update's .prev backups exists.
func backupsLeft(p pending) bool {
	for _, b := range p.Binaries {
		if _, err := os.Lstat(b.Prev); err == nil {
			return true
		}
	}
	return false
}

// finisherGone is how long after PendingFile last changed no finisher
// can still run: systemd stops one at its unit's deadline
// (finishUnitTimeout) and kills it 90 s later (its default stop timeout).
const finisherGone = finishUnitTimeout + 4*time.Minute

// stale reports whether PendingFile was last written longer ago than any
// finisher can run.
func stale(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && time.Since(fi.ModTime()) > finisherGone
}

// unfinished says why a check must not start another update: a second
// swap would replace the backup of the binary known to run. A swap whose
// finisher never ran (this annad was not restarted, and no finisher can
// still be running) is undone here, so the next check tries again.
func (c *Checker) unfinished() error {
	path := filepath.Join(c.StateDir, PendingFile)
	p, ok, err := readPending(path)
	if err != nil || !ok {
		return err
	}
	if !stale(path) || p.From != c.Current || p.Settled || p.RolledBack {
		return fmt.Errorf("the update from %s to %s is not finished (%s in %s); see journalctl -u %s", p.From, p.To, PendingFile, c.StateDir, FinishUnit)
	}
	if err := restore(p); err != nil {
		return fmt.Errorf("cannot undo the update to %s that no finisher finished: %w; reinstall Anna", p.To, err)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	return fmt.Errorf("the update to %s was swapped in but its finisher never restarted annad (see journalctl -u %s); the previous binaries are back, and the next check tries again", p.To, FinishUnit)
}

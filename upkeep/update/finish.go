package update

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// FailedFile, in annad's state directory, names a version whose restart
// failed and was rolled back, so the checker of the annad that runs again
// does not install it again a minute later.
const FailedFile = "update-failed"

// maxVersionBytes bounds FailedFile.
const maxVersionBytes = 128

// FinishUnit is the transient unit that runs the Finisher.
const FinishUnit = "anna-update-finish.service"

// Deadlines of the finisher's steps. A restart waits for annad's
// readiness (systemd's own start timeout is 90 s); the rollback gets its
// own deadlines, so a slow first restart cannot leave it without time.
// FinishTimeout bounds the whole; the unit's TimeoutStartSec is longer,
// so systemd kills only a finisher that is stuck.
const (
	restartTimeout = 2 * time.Minute
	runningTimeout = 30 * time.Second
	FinishTimeout  = 2*restartTimeout + runningTimeout + 30*time.Second
	// finishUnitTimeout is FinishUnit's TimeoutStartSec.
	finishUnitTimeout = FinishTimeout + time.Minute
)

// Finisher is the end of an update that annad cannot do itself:
// restarting annad.service stops the process that asked, so the restart's
// result, and the rollback when it failed, belong to a process outside
// annad's unit. After the swap annad starts a transient unit (FinishUnit,
// its own cgroup, not part of annad.service, so restarting annad does not
// stop it) running the kept previous binary, `.annad.prev finish-update`,
// which calls Finish. The previous binary is the one known to run here;
// the new one is what is in question. It runs as root outside annad's
// sandbox, and trusts only PendingFile (root's, in the 0700 state
// directory, read bounded and O_NOFOLLOW) and what systemd and the socket
// answer; it restores only backups named `.<binary>.prev` beside their
// binary, regular files. It never writes the ledger (see PendingFile).
type Finisher struct {
	// StateDir holds PendingFile, written by annad before the swap.
	StateDir string
	// Unit is annad's unit (annad.service).
	Unit  string
	Units interface {
		Restart(ctx context.Context, unit string) error
	}
	// Running asks the restarted annad its version (status over its
	// socket); the restart job can succeed while annad then exits.
	Running func(ctx context.Context) (string, error)
}

// Finish restarts annad into the pending update and checks it answers
// with the new version. Then it removes the backups (and PendingFile
// once the new annad settled it). If not, it puts the previous binaries
// back, writes FailedFile, marks PendingFile RolledBack with the reason
// (for the next annad to reconcile its ledger and report) and restarts
// annad again, on the old binaries. It returns a line for the journal.
func (f *Finisher) Finish(ctx context.Context) (string, error) {
	path := filepath.Join(f.StateDir, PendingFile)
	p, ok, err := readPending(path)
	if err != nil || !ok {
		return "", err
	}
	if p.RolledBack {
		return "", fmt.Errorf("cannot finish the update to %s: it was rolled back already", p.To)
	}
	err = f.restart(ctx)
	if err == nil {
		rctx, cancel := context.WithTimeout(ctx, runningTimeout)
		var v string
		if v, err = f.Running(rctx); err == nil && v != p.To {
			err = fmt.Errorf("it runs %q, not %s", v, p.To)
		}
		cancel()
	}
	if err == nil {
		return f.confirm(path, p)
	}
	why := err
	// The rollback runs even when ctx ended (the finisher was asked to
	// stop): half an update is worse than a late one.
	ctx = context.WithoutCancel(ctx)
	if err := restore(p); err != nil {
		return "", fmt.Errorf("cannot roll back the update to %s after it failed (%v): %w; reinstall Anna", p.To, why, err)
	}
	reason := why.Error()
	if len(reason) > maxReasonBytes {
		reason = reason[:maxReasonBytes] + "…"
	}
	p.RolledBack, p.Reason = true, reason
	errs := []error{writeFailed(f.StateDir, p.To), savePending(f.StateDir, p)}
	if err := f.restart(ctx); err != nil {
		errs = append(errs, fmt.Errorf("cannot start %s %s again: %w", f.Unit, p.From, err))
	}
	return fmt.Sprintf("annad %s did not start (%v); rolled back to %s", p.To, why, p.From), errors.Join(errs...)
}

func (f *Finisher) restart(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, restartTimeout)
	defer cancel()
	return f.Units.Restart(ctx, f.Unit)
}

// confirm removes the backups of an update that runs, and PendingFile
// once the new annad recorded the update in the ledger; otherwise the
// new annad's next start does (Settle).
func (f *Finisher) confirm(path string, p pending) (string, error) {
	var errs []error
	for _, b := range p.Binaries {
		if !ownBackup(b) {
			continue
		}
		if err := os.Remove(b.Prev); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("cannot remove the backup %s: %w", b.Prev, err))
		}
	}
	msg := fmt.Sprintf("annad restarted into %s", p.To)
	// The new annad settled during the restart, after Finish read p.
	if now, ok, err := readPending(path); err == nil && ok {
		p = now
	}
	if !p.Settled {
		return msg + "; it has not recorded the update in the ledger yet", errors.Join(errs...)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs = append(errs, fmt.Errorf("cannot remove %s: %w", path, err))
	}
	return msg, errors.Join(errs...)
}

// ownBackup reports whether b.Prev is a backup apply makes:
// ".<name>.prev" beside its binary.
func ownBackup(b pendingBinary) bool {
	return filepath.Dir(b.Prev) == filepath.Dir(b.Path) && filepath.Base(b.Prev) == "."+filepath.Base(b.Path)+".prev"
}

// restore renames each kept binary over the new one. Only a backup apply
// made is used, and only a regular file.
func restore(p pending) error {
	var errs []error
	for _, b := range p.Binaries {
		if !ownBackup(b) {
			errs = append(errs, fmt.Errorf("cannot restore %s: %s is not its backup", b.Path, b.Prev))
			continue
		}
		fi, err := os.Lstat(b.Prev)
		if err == nil && !fi.Mode().IsRegular() {
			err = fmt.Errorf("it is not a regular file (%s)", fi.Mode().Type())
		}
		if errors.Is(err, fs.ErrNotExist) && b.PrevSHA256 == "" {
			// There was no binary before the update: remove the new one.
			err = os.Remove(b.Path)
		} else if err == nil {
			err = os.Rename(b.Prev, b.Path)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("cannot restore %s from %s: %w", b.Path, b.Prev, err))
		}
	}
	return errors.Join(errs...)
}

// writeFailed records version in FailedFile (O_NOFOLLOW, replaced whole).
func writeFailed(stateDir, version string) error {
	path := filepath.Join(stateDir, FailedFile)
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot replace %s: %w", path, err)
	}
	fl, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err == nil {
		_, err = fl.WriteString(version + "\n")
		if cerr := fl.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// failedOnDisk reports whether FailedFile names version.
func failedOnDisk(stateDir, version string) bool {
	if stateDir == "" {
		return false
	}
	fl, err := os.OpenFile(filepath.Join(stateDir, FailedFile), os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return false
	}
	defer fl.Close()
	b := make([]byte, maxVersionBytes)
	n, _ := fl.Read(b)
	return strings.TrimSpace(string(b[:n])) == version
}

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
)

// FailedFile, in annad's state directory, names a version whose restart
// failed and was rolled back, so the checker of the annad that runs again
// does not install it again a minute later.
const FailedFile = "update-failed"

// maxVersionBytes bounds FailedFile.
const maxVersionBytes = 128

// Finisher is the end of an update that annad cannot do itself:
// restarting annad.service stops the process that asked, so the restart's
// result, and the rollback when it failed, belong to a process outside
// annad's unit. The design (docs/SECURITY.md, updates): annad starts a
// transient unit running the kept previous binary, `.annad.prev
// finish-update`, which calls Finish. The previous binary is the one
// known to run here; the new one is what is in question.
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
// with the new version. If not, it puts the previous binaries back,
// writes FailedFile, removes PendingFile and restarts annad again, on the
// old binaries. It returns a line for the journal.
func (f *Finisher) Finish(ctx context.Context) (string, error) {
	path := filepath.Join(f.StateDir, PendingFile)
	p, ok, err := readPending(path)
	if err != nil || !ok {
		return "", err
	}
	err = f.Units.Restart(ctx, f.Unit)
	if err == nil {
		var v string
		if v, err = f.Running(ctx); err == nil && v != p.To {
			err = fmt.Errorf("it runs %q, not %s", v, p.To)
		}
	}
	if err == nil {
		return fmt.Sprintf("annad restarted into %s", p.To), nil
	}
	why := err
	if err := restore(p); err != nil {
		return "", fmt.Errorf("cannot roll back the update to %s after it failed (%v): %w; reinstall Anna", p.To, why, err)
	}
	errs := []error{writeFailed(f.StateDir, p.To)}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs = append(errs, fmt.Errorf("cannot remove %s: %w", path, err))
	}
	if err := f.Units.Restart(ctx, f.Unit); err != nil {
		errs = append(errs, fmt.Errorf("cannot start %s %s again: %w", f.Unit, p.From, err))
	}
	return fmt.Sprintf("annad %s did not start (%v); rolled back to %s", p.To, why, p.From), errors.Join(errs...)
}

// restore renames each kept binary over the new one. Only a backup apply
// made is used: ".<name>.prev" beside its binary, a regular file.
func restore(p pending) error {
	var errs []error
	for _, b := range p.Binaries {
		if filepath.Dir(b.Prev) != filepath.Dir(b.Path) || filepath.Base(b.Prev) != "."+filepath.Base(b.Path)+".prev" {
			errs = append(errs, fmt.Errorf("cannot restore %s: %s is not its backup", b.Path, b.Prev))
			continue
		}
		fi, err := os.Lstat(b.Prev)
		if err == nil && !fi.Mode().IsRegular() {
			err = fmt.Errorf("it is not a regular file (%s)", fi.Mode().Type())
		}
		if err == nil {
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

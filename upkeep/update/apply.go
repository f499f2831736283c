package update

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// smokeTimeout bounds running a new annad with -V before it replaces the
// old one.
const smokeTimeout = 10 * time.Second

// target is one binary an update replaces.
type target struct {
	artifact string // name in the manifest, e.g. annad-linux-amd64
	path     string // installed path, e.g. /usr/local/bin/annad
	newPath  string // the verified download, beside path
	prevPath string // the hard link that keeps the old binary
	// prevSHA256 is the digest of the binary at path before the update,
	// "" when there was none: the finisher's restore then removes the
	// new one, and a rollback brings the ledger back only to this.
	prevSHA256 string
	swapped    bool
	hadOld     bool // whether path existed, so rollback removes instead
}

// targets lists the binaries of this host's architecture, annactl first so
// that annad, whose restart ends the update, is swapped last.
func (c *Checker) targets(m Manifest) ([]*target, error) {
	var ts []*target
	for _, bin := range []string{"annactl", "annad"} {
		name := bin + "-linux-" + c.Arch
		if _, ok := m.Artifacts[name]; !ok {
			return nil, fmt.Errorf("cannot update to %s: the release has no %s", m.Version, name)
		}
		p := filepath.Join(c.BinDir, bin)
		ts = append(ts, &target{artifact: name, path: p, prevPath: filepath.Join(c.BinDir, "."+bin+".prev")})
	}
	return ts, nil
}

// apply installs release m: download and verify every artifact, check that
// the new annad runs and names m's version, swap the binaries in by rename
// and start the finisher, which restarts annad into them and rolls back
// if the new annad does not answer (Finisher). It returns nil once the
// finisher is started; this process is restarted soon after.
func (c *Checker) apply(ctx context.Context, m Manifest) (err error) {
	ts, err := c.targets(m)
	if err != nil {
		return err
	}
	defer func() {
		for _, t := range ts {
			if t.newPath != "" {
				_ = os.Remove(t.newPath)
			}
		}
	}()
	for _, t := range ts {
		if err := refuseSymlink(t.path); err != nil {
			return err
		}
		if t.prevSHA256, err = fileDigest(t.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot update %s: %w", t.path, err)
		}
	}
	annad := ts[len(ts)-1]
	if annad.prevSHA256 == "" {
		// The finisher runs from the kept annad; without one there is
		// nothing known to run here to fall back to.
		return fmt.Errorf("cannot update: %s is missing; reinstall Anna", annad.path)
	}
	for _, t := range ts {
		t.newPath, err = download(ctx, c.client(), c.URL, t.artifact, m.Artifacts[t.artifact], c.BinDir)
		if err != nil {
			return err
		}
	}
	if err := smoke(ctx, annad.newPath, m.Version); err != nil {
		return startError{err}
	}
	if err := c.writePending(ts, m); err != nil {
		return err
	}
	if err := swap(ts); err != nil {
		return errors.Join(err, rollback(ts), c.dropPending())
	}
	argv := []string{annad.prevPath, "finish-update", "--state-dir", c.StateDir, "--socket", c.Socket}
	desc := "Anna: finish the update from " + c.Current + " to " + m.Version
	if err := c.Transient.StartTransient(ctx, FinishUnit, desc, argv, finishUnitTimeout); err != nil {
		rbErr := errors.Join(rollback(ts), c.dropPending())
		return errors.Join(fmt.Errorf("cannot update to %s: cannot start its finisher, rolled back: %w", m.Version, err), rbErr)
	}
	return nil
}

func (c *Checker) dropPending() error {
	if c.StateDir == "" {
		return nil
	}
	if err := os.Remove(filepath.Join(c.StateDir, PendingFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot remove %s: %w", PendingFile, err)
	}
	return nil
}

// refuseSymlink keeps an update from writing through a link someone put in
// place of a binary.
func refuseSymlink(p string) error {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot inspect %s: %w", p, err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("cannot update %s: it is not a regular file (%s); reinstall Anna", p, fi.Mode().Type())
	}
	return nil
}

// smoke runs the new annad with -V: a binary that cannot run here (wrong
// architecture, damaged) or that is not the version the manifest names
// never replaces the working one.
func smoke(ctx context.Context, path, version string) error {
	ctx, cancel := context.WithTimeout(ctx, smokeTimeout)
	defer cancel()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, path, "-V")
	cmd.Stdout = &capped{b: &out, n: 4 << 10}
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("cannot update to %s: the new annad does not run here (%s -V: %w)", version, filepath.Base(path), err)
	}
	if f := strings.Fields(out.String()); len(f) == 0 || f[len(f)-1] != version {
		return fmt.Errorf("cannot update to %s: the new annad says it is %q", version, strings.TrimSpace(out.String()))
	}
	return nil
}

// capped keeps the first n bytes written and discards the rest.
type capped struct {
	b *bytes.Buffer
	n int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.n - c.b.Len(); room > 0 {
		c.b.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// swap keeps each old binary as a hard link and renames the new one over
// it: at every instant the installed path names a complete binary.
func swap(ts []*target) error {
	for _, t := range ts {
		if err := os.Remove(t.prevPath); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot remove the stale backup %s: %w", t.prevPath, err)
		}
		err := os.Link(t.path, t.prevPath)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot keep %s as %s: %w", t.path, t.prevPath, err)
		}
		t.hadOld = err == nil
		if err := os.Rename(t.newPath, t.path); err != nil {
			return fmt.Errorf("cannot move the new %s in place: %w", t.path, err)
		}
		t.newPath, t.swapped = "", true
	}
	return nil
}

// rollback renames the kept binaries back over the swapped ones.
func rollback(ts []*target) error {
	var errs []error
	for _, t := range ts {
		if !t.swapped {
			continue
		}
		undo := func() error { return os.Rename(t.prevPath, t.path) }
		if !t.hadOld {
			undo = func() error { return os.Remove(t.path) }
		}
		if err := undo(); err != nil {
			errs = append(errs, fmt.Errorf("cannot restore %s from %s: %w; reinstall Anna", t.path, t.prevPath, err))
			continue
		}
		t.swapped = false
	}
	return errors.Join(errs...)
}

// startError is an update whose new binaries did not run here; the checker
// does not try that version again.
type startError struct{ error }

func (e startError) Unwrap() error { return e.error }

func isStartFailure(err error) bool {
	var s startError
	return errors.As(err, &s)
}

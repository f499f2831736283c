// Package statedir opens annad's state directory (/var/lib/anna) safely,
// keeps small settings files in it (written atomically), and removes
// learned data beneath it, never following a symlink.
//
// annad is root and members of the socket group can ask it to delete
// things (`reset`), so the directory must be one nobody else can change:
// Open refuses a state directory that is a symlink, is not owned by annad's
// uid, is writable by group or others, or sits below a directory that
// another user owns or can write without the sticky bit (/tmp is fine,
// /home/alice is not). It keeps the directory open, and every later
// operation works from that descriptor one name at a time, refusing
// symlinks and mount points, so a link planted inside (learned → /etc)
// is removed itself and its target is never touched.
package statedir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// Dir is an open, checked state directory.
type Dir struct {
	path string
	fd   int
}

// Open creates path (mode 0700, with any missing parents) if it does not
// exist, checks that it is safe, and opens it. The error says what is wrong
// and how to fix it.
func Open(path string) (*Dir, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("cannot use state directory %s: %w", path, err)
	}
	if _, err := os.Lstat(abs); errors.Is(err, fs.ErrNotExist) {
		// Create nothing under a parent others could change.
		existing := filepath.Dir(abs)
		for _, err := os.Lstat(existing); errors.Is(err, fs.ErrNotExist); _, err = os.Lstat(existing) {
			existing = filepath.Dir(existing)
		}
		if err := parentsSafe(existing); err != nil {
			return nil, fmt.Errorf("cannot use state directory %s: %s; fix: %s", abs, err, fixParent)
		}
		if err := os.MkdirAll(abs, 0o700); err != nil {
			return nil, fmt.Errorf("cannot create state directory %s: %w", abs, err)
		}
	}
	if err := Check(abs); err != nil {
		return nil, err
	}
	fd, err := unix.Open(abs, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("cannot open state directory %s: %w", abs, err)
	}
	return &Dir{path: abs, fd: fd}, nil
}

// Path returns the directory's absolute path.
func (d *Dir) Path() string { return d.path }

// Close closes the directory.
func (d *Dir) Close() error { return unix.Close(d.fd) }

// Check reports why the directory at abs (an absolute path) is unsafe for
// annad's state, or nil.
func Check(abs string) error {
	euid := uint32(os.Geteuid())
	fail := func(why, fix string) error {
		return fmt.Errorf("cannot use state directory %s: %s; fix: %s", abs, why, fix)
	}
	fixOwn := fmt.Sprintf("chown %s %s && chmod 0700 %s", owner(euid), abs, abs)
	fi, err := os.Lstat(abs)
	if err != nil {
		return fail(err.Error(), "create it, or pass another --state-dir")
	}
	st := fi.Sys().(*syscall.Stat_t)
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return fail("it is a symlink", "replace it with a real directory (rm "+abs+" && mkdir -m 0700 "+abs+")")
	case !fi.IsDir():
		return fail("it is not a directory", "remove it, or pass another --state-dir")
	case st.Uid != euid:
		return fail(fmt.Sprintf("it is owned by %s, not annad's user %s", owner(st.Uid), owner(euid)), fixOwn)
	case st.Mode&0o022 != 0:
		return fail(fmt.Sprintf("it is writable by group or others (mode %04o)", st.Mode&0o7777), fixOwn)
	}
	if err := parentsSafe(filepath.Dir(abs)); err != nil {
		return fail(err.Error(), fixParent)
	}
	return nil
}

const fixParent = "move the state directory under a directory only root can change, or fix that parent's owner and mode"

// parentsSafe checks dir and its parents as written, then as resolved: a
// symlinked parent is as safe as the directory that holds it and the one
// it points to.
func parentsSafe(dir string) error {
	euid := uint32(os.Geteuid())
	if err := checkParents(dir, euid, os.Lstat); err != nil {
		return err
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	return checkParents(real, euid, os.Stat)
}

// checkParents walks from dir up to / and refuses a directory that another
// user owns, or that group or others may write without the sticky bit
// (they could rename the state directory away and put their own there).
func checkParents(dir string, euid uint32, stat func(string) (fs.FileInfo, error)) error {
	for {
		fi, err := stat(dir)
		if err != nil {
			return err
		}
		st := fi.Sys().(*syscall.Stat_t)
		switch {
		case st.Uid != 0 && st.Uid != euid:
			return fmt.Errorf("its parent %s is owned by %s", dir, owner(st.Uid))
		case fi.IsDir() && st.Mode&0o022 != 0 && st.Mode&unix.S_ISVTX == 0:
			return fmt.Errorf("its parent %s is writable by group or others without the sticky bit (mode %04o)", dir, st.Mode&0o7777)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
}

func owner(uid uint32) string {
	if u, err := user.LookupId(strconv.FormatUint(uint64(uid), 10)); err == nil {
		return u.Username
	}
	return "uid " + strconv.FormatUint(uint64(uid), 10)
}

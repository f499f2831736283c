package statedir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// maxDepth bounds how deep Empty descends; learned data is shallow, and a
// bound keeps a hostile tree from exhausting the stack.
const maxDepth = 32

// Empty removes what is inside sub, a single name in d, and returns the
// paths it removed, one per entry of sub. When only is set, just that entry
// of sub is removed. A symlink is removed itself, never followed, and
// nothing on another mount is touched. If sub is not a directory (a
// symlink, a file) it is removed itself when only is empty, and left alone
// otherwise. A missing sub or entry removes nothing.
func (d *Dir) Empty(sub, only string) ([]string, error) {
	removed := []string{}
	fd, err := openDir(d.fd, sub)
	switch {
	case errors.Is(err, unix.ENOENT):
		return removed, nil
	case errors.Is(err, unix.ELOOP) || errors.Is(err, unix.ENOTDIR):
		if only != "" {
			return removed, nil
		}
		if err := unix.Unlinkat(d.fd, sub, 0); err != nil && !errors.Is(err, unix.ENOENT) {
			return removed, d.errorf(sub, err)
		}
		return append(removed, filepath.Join(d.path, sub)), nil
	case err != nil:
		return removed, d.errorf(sub, err)
	}
	defer unix.Close(fd)
	names := []string{only}
	if only == "" {
		if names, err = readNames(fd, sub); err != nil {
			return removed, d.errorf(sub, err)
		}
	}
	for _, name := range names {
		gone, err := removeAt(fd, name, 0)
		if err != nil {
			return removed, d.errorf(filepath.Join(sub, name), err)
		}
		if gone {
			removed = append(removed, filepath.Join(d.path, sub, name))
		}
	}
	return removed, nil
}

func (d *Dir) errorf(rel string, err error) error {
	return fmt.Errorf("cannot remove %s: %w", filepath.Join(d.path, rel), err)
}

// removeAt removes name in dirfd and, for a directory, all beneath it. It
// reports whether there was anything to remove.
func removeAt(dirfd int, name string, depth int) (bool, error) {
	err := unix.Unlinkat(dirfd, name, 0)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, unix.ENOENT):
		return false, nil
	case !errors.Is(err, unix.EISDIR):
		return false, err
	case depth >= maxDepth:
		return false, fmt.Errorf("nested deeper than %d directories", maxDepth)
	}
	fd, err := openDir(dirfd, name)
	if err != nil {
		return false, err
	}
	names, err := readNames(fd, name)
	if err == nil {
		for _, n := range names {
			if _, err = removeAt(fd, n, depth+1); err != nil {
				break
			}
		}
	}
	unix.Close(fd)
	if err != nil {
		return false, err
	}
	return true, unix.Unlinkat(dirfd, name, unix.AT_REMOVEDIR)
}

// openDir opens the directory name beneath dirfd, refusing symlinks,
// magic links and mount points (openat2). Kernels before 5.6 lack openat2;
// there a single name opened with O_NOFOLLOW refuses symlinks as well, and
// only the mount check is lost.
func openDir(dirfd int, name string) (int, error) {
	flags := unix.O_RDONLY | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
	fd, err := unix.Openat2(dirfd, name, &unix.OpenHow{
		Flags:   uint64(flags),
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS | unix.RESOLVE_NO_XDEV,
	})
	if errors.Is(err, unix.ENOSYS) {
		fd, err = unix.Openat(dirfd, name, flags, 0)
	}
	return fd, err
}

// readNames lists a directory from its descriptor; the descriptor stays
// open for the caller.
func readNames(fd int, name string) ([]string, error) {
	dup, err := unix.Dup(fd)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(dup), name)
	defer f.Close()
	return f.Readdirnames(-1)
}

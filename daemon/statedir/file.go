package statedir

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// MaxFileBytes bounds what ReadFile reads: the state directory holds small
// settings, never documents.
const MaxFileBytes = 64 << 10

// validName refuses anything but a single plain name in the directory, so a
// caller's mistake cannot reach outside it.
func validName(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\x00") || strings.HasPrefix(name, ".tmp-") {
		return fmt.Errorf("cannot use %q as a state file name", name)
	}
	return nil
}

// WriteFile replaces the file name (one name, directly in d) with data,
// atomically: it writes a new private file (mode 0600) beside it, syncs it,
// renames it over name and syncs the directory, so a crash leaves either the
// old content or the new, never a mix. Nothing is followed through a
// symlink: the temporary file is created exclusively and without following,
// and rename replaces a symlink at name rather than writing through it.
func (d *Dir) WriteFile(name string, data []byte) error {
	if err := validName(name); err != nil {
		return err
	}
	fail := func(err error) error { return fmt.Errorf("cannot write %s: %w", filepath.Join(d.path, name), err) }
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	tmp := ".tmp-" + name + "-" + hex.EncodeToString(rnd[:])
	fd, err := unix.Openat(d.fd, tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return fail(err)
	}
	err = writeAll(fd, data)
	if err == nil {
		err = unix.Fsync(fd)
	}
	if cerr := unix.Close(fd); err == nil {
		err = cerr
	}
	if err == nil {
		err = unix.Renameat(d.fd, tmp, d.fd, name)
	}
	if err != nil {
		_ = unix.Unlinkat(d.fd, tmp, 0)
		return fail(err)
	}
	if err := unix.Fsync(d.fd); err != nil {
		return fail(err)
	}
	return nil
}

func writeAll(fd int, b []byte) error {
	for len(b) > 0 {
		n, err := unix.Write(fd, b)
		if err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}
			return err
		}
		b = b[n:]
	}
	return nil
}

// ReadFile returns the content of the regular file name in d, up to
// MaxFileBytes. A missing file is an error matching fs.ErrNotExist; a
// symlink, a directory or anything else that is not a regular file is
// refused, and so is a larger file.
func (d *Dir) ReadFile(name string) ([]byte, error) {
	return d.ReadFileLimit(name, MaxFileBytes)
}

// ReadFileLimit is ReadFile with another bound, for the few state files
// (the ledger) that may grow past MaxFileBytes.
func (d *Dir) ReadFileLimit(name string, limit int64) ([]byte, error) {
	if err := validName(name); err != nil {
		return nil, err
	}
	path := filepath.Join(d.path, name)
	fd, err := unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if errors.Is(err, unix.ENOENT) {
		return nil, fmt.Errorf("cannot read %s: %w", path, fs.ErrNotExist)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil, fmt.Errorf("cannot read %s: it is not a regular file", path)
	}
	if st.Size > limit {
		return nil, fmt.Errorf("cannot read %s: it has %d bytes, more than the %d a state file may have", path, st.Size, limit)
	}
	buf := make([]byte, min(st.Size, limit)+1)
	n := 0
	for n < len(buf) {
		m, err := unix.Read(fd, buf[n:])
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", path, err)
		}
		if m == 0 {
			break
		}
		n += m
	}
	if n == len(buf) {
		// One byte more than fstat said: the file grew while being read,
		// which an atomic writer never does.
		return nil, fmt.Errorf("cannot read %s: it grew while being read (limit %d bytes)", path, limit)
	}
	return buf[:n], nil
}

// Remove removes the file name in d (a symlink itself, never its target).
// A missing file is not an error.
func (d *Dir) Remove(name string) error {
	if err := validName(name); err != nil {
		return err
	}
	if err := unix.Unlinkat(d.fd, name, 0); err != nil && !errors.Is(err, unix.ENOENT) {
		return fmt.Errorf("cannot remove %s: %w", filepath.Join(d.path, name), err)
	}
	return nil
}

// Rename renames the file oldName in d to newName in d, replacing nothing:
// an existing newName is an error, so a file kept aside is never lost.
func (d *Dir) Rename(oldName, newName string) error {
	for _, n := range []string{oldName, newName} {
		if err := validName(n); err != nil {
			return err
		}
	}
	if err := unix.Renameat2(d.fd, oldName, d.fd, newName, unix.RENAME_NOREPLACE); err != nil {
		return fmt.Errorf("cannot rename %s to %s: %w", filepath.Join(d.path, oldName), newName, err)
	}
	if err := unix.Fsync(d.fd); err != nil {
		return fmt.Errorf("cannot sync %s: %w", d.path, err)
	}
	return nil
}

// Names lists the names in d that start with prefix, at most max of them.
func (d *Dir) Names(prefix string, max int) ([]string, error) {
	// A fresh descriptor: one duplicated from d.fd would share its
	// directory offset and list nothing the second time.
	fd, err := unix.Openat(d.fd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("cannot list %s: %w", d.path, err)
	}
	f := os.NewFile(uintptr(fd), d.path)
	defer f.Close()
	all, err := f.Readdirnames(-1)
	if err != nil {
		return nil, fmt.Errorf("cannot list %s: %w", d.path, err)
	}
	var out []string
	for _, n := range all {
		if strings.HasPrefix(n, prefix) && len(out) < max {
			out = append(out, n)
		}
	}
	return out, nil
}

// RemoveTemps removes the temporary files WriteFile leaves for name when
// it is killed between creating and renaming one, and returns how many it
// removed. Call it only while nothing writes name.
func (d *Dir) RemoveTemps(name string) (int, error) {
	if err := validName(name); err != nil {
		return 0, err
	}
	temps, err := d.Names(".tmp-"+name+"-", 1024)
	if err != nil {
		return 0, err
	}
	for i, t := range temps {
		if err := unix.Unlinkat(d.fd, t, 0); err != nil && !errors.Is(err, unix.ENOENT) {
			return i, fmt.Errorf("cannot remove %s: %w", filepath.Join(d.path, t), err)
		}
	}
	return len(temps), nil
}

package undo

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// maxBackupBytes bounds a backup that Restore reads: configuration, not
// data.
const maxBackupBytes = 16 << 20

// maxHashBytes bounds what RemoveIfUnchanged reads: a binary, not a disk.
const maxHashBytes = 1 << 30

// ErrKept marks a step that left its target on purpose: a file changed
// since Anna wrote it, or a directory holding files she did not record.
var ErrKept = errors.New("kept: not Anna's as recorded")

// maxDepth bounds how deep RemoveDir descends.
const maxDepth = 32

// HostFiles changes files under Root ("" or "/" is the real host), one name
// at a time from a directory opened without following any symlink
// (openat2 RESOLVE_NO_SYMLINKS, beneath Root): a path whose directories
// include a symlink is refused, and a symlink at the path is removed
// itself, never its target.
type HostFiles struct {
	Root string
	// Outside, when set, removes a directory that annad's mount namespace
	// keeps read-only or busy (EROFS, EBUSY): the state and configuration
	// directories, which annad.service makes writable by mounting them,
	// in read-only /var/lib and /etc. It runs rmdir there, through
	// systemd; only for the real host (Root "" or "/").
	Outside Runner
}

// parent opens the directory holding path and returns it with path's last
// name.
func (h HostFiles) parent(path string) (int, string, error) {
	root := h.Root
	if root == "" {
		root = "/"
	}
	rfd, err := unix.Open(root, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, "", err
	}
	defer unix.Close(rfd)
	dir, name := filepath.Split(filepath.Clean(path))
	if !filepath.IsAbs(path) || name == "" || name == ".." {
		return -1, "", fmt.Errorf("%q is not an absolute path to a file", path)
	}
	rel := strings.Trim(dir, "/")
	if rel == "" {
		rel = "."
	}
	fd, err := openDir(rfd, rel)
	return fd, name, err
}

func openDir(dirfd int, rel string) (int, error) {
	flags := unix.O_RDONLY | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
	fd, err := unix.Openat2(dirfd, rel, &unix.OpenHow{
		Flags:   uint64(flags),
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS,
	})
	if !errors.Is(err, unix.ENOSYS) {
		return fd, err
	}
	// Before Linux 5.6: one name at a time, each refused if a symlink.
	cur, err := unix.Dup(dirfd)
	if err != nil {
		return -1, err
	}
	for _, n := range strings.Split(rel, "/") {
		if n == ".." {
			unix.Close(cur)
			return -1, unix.EXDEV
		}
		next, err := unix.Openat(cur, n, flags, 0)
		unix.Close(cur)
		if err != nil {
			return -1, err
		}
		cur = next
	}
	return cur, nil
}

// Remove removes the file (or symlink) at path; a missing one is already
// undone.
func (h HostFiles) Remove(path string) error {
	fd, name, err := h.parent(path)
	if errors.Is(err, unix.ENOENT) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	defer unix.Close(fd)
	if err := unix.Unlinkat(fd, name, 0); err != nil && !errors.Is(err, unix.ENOENT) {
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	return nil
}

// RemoveIfUnchanged removes the file at path if its content still has
// digest ("sha256:<hex>"); a file changed since, or no longer a regular
// file, is left and the error wraps ErrKept.
func (h HostFiles) RemoveIfUnchanged(path, digest string) error {
	fd, name, err := h.parent(path)
	if errors.Is(err, unix.ENOENT) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	defer unix.Close(fd)
	ffd, err := unix.Openat(fd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	switch {
	case errors.Is(err, unix.ENOENT):
		return nil
	case errors.Is(err, unix.ELOOP):
		return fmt.Errorf("cannot remove %s: it is now a symlink, not the file Anna wrote: %w", path, ErrKept)
	case err != nil:
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	f := os.NewFile(uintptr(ffd), path)
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return fmt.Errorf("cannot remove %s: it is no longer a regular file: %w", path, ErrKept)
	}
	sum := sha256.New()
	_, err = io.Copy(sum, io.LimitReader(f, maxHashBytes))
	f.Close()
	if err != nil {
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	if got := "sha256:" + hex.EncodeToString(sum.Sum(nil)); got != digest {
		return fmt.Errorf("cannot remove %s: it changed since Anna wrote it, so it was left: %w", path, ErrKept)
	}
	if err := unix.Unlinkat(fd, name, 0); err != nil && !errors.Is(err, unix.ENOENT) {
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	return nil
}

// RemoveDir removes the directory at path: with all, everything in it
// (symlinks removed themselves, no other mount crossed); without, only
// if it is empty, since what is in it was not recorded as Anna's.
func (h HostFiles) RemoveDir(path string, all bool) error {
	fd, name, err := h.parent(path)
	if errors.Is(err, unix.ENOENT) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	defer unix.Close(fd)
	if all {
		err = removeAll(fd, name, 0)
	} else {
		err = unix.Unlinkat(fd, name, unix.AT_REMOVEDIR)
	}
	switch {
	case err == nil || errors.Is(err, unix.ENOENT):
		return nil
	case errors.Is(err, unix.ENOTEMPTY) || errors.Is(err, unix.EEXIST):
		return fmt.Errorf("cannot remove %s: it holds files Anna did not record, so they and it were left: %w", path, ErrKept)
	case (errors.Is(err, unix.EROFS) || errors.Is(err, unix.EBUSY)) && h.Outside != nil && (h.Root == "" || h.Root == "/"):
		// What was in it is gone; the empty directory goes outside.
		ctx, cancel := context.WithTimeout(context.Background(), stepTimeout)
		defer cancel()
		if err := h.Outside.Run(ctx, []string{"rmdir", "--", filepath.Clean(path)}); err != nil {
			return fmt.Errorf("cannot remove %s: %w", path, err)
		}
		return nil
	}
	return fmt.Errorf("cannot remove %s: %w", path, err)
}

// removeAll removes name in dirfd and, if it is a directory, everything
// in it first. Below the top it crosses no mount; the top itself may be
// one: annad.service mounts the state directory writable in a read-only
// /var/lib, where unlinking it fails with EROFS or EBUSY, not EISDIR.
func removeAll(dirfd int, name string, depth int) error {
	unlinkErr := unix.Unlinkat(dirfd, name, 0)
	if unlinkErr == nil || !(errors.Is(unlinkErr, unix.EISDIR) ||
		depth == 0 && (errors.Is(unlinkErr, unix.EROFS) || errors.Is(unlinkErr, unix.EBUSY))) {
		return unlinkErr
	}
	if depth >= maxDepth {
		return fmt.Errorf("nested deeper than %d directories", maxDepth)
	}
	resolve := uint64(unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS)
	if depth > 0 {
		resolve |= unix.RESOLVE_NO_XDEV
	}
	fd, err := unix.Openat2(dirfd, name, &unix.OpenHow{
		Flags:   unix.O_RDONLY | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC,
		Resolve: resolve,
	})
	if errors.Is(err, unix.ENOSYS) {
		fd, err = unix.Openat(dirfd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	}
	if errors.Is(err, unix.ENOTDIR) {
		return unlinkErr // a file in a read-only directory
	}
	if err != nil {
		return err
	}
	f := os.NewFile(uintptr(fd), name)
	names, err := f.Readdirnames(-1)
	for _, n := range names {
		if err != nil {
			break
		}
		err = removeAll(fd, n, depth+1)
	}
	f.Close()
	if err != nil {
		return err
	}
	return unix.Unlinkat(dirfd, name, unix.AT_REMOVEDIR)
}

// Restore puts the backup's content back at path with mode (0644 when 0),
// atomically: a temporary file beside path, synced, renamed over it. A
// failure at any point removes the temporary file and leaves path as it
// was.
func (h HostFiles) Restore(path, backup string, mode uint32) (err error) {
	content, err := h.read(backup)
	if err != nil {
		return fmt.Errorf("cannot restore %s: %w", path, err)
	}
	if mode == 0 {
		mode = 0o644
	}
	fd, name, err := h.parent(path)
	if err != nil {
		return fmt.Errorf("cannot restore %s: %w", path, err)
	}
	defer unix.Close(fd)
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	tmp := ".anna-restore-" + hex.EncodeToString(rnd[:])
	r := &reverter{}
	defer func() {
		if err != nil {
			r.fail()
			err = fmt.Errorf("cannot restore %s: %w", path, err)
		}
	}()
	tfd, err := unix.Openat(fd, tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, mode&0o7777)
	if err != nil {
		return err
	}
	r.add(func() { _ = unix.Unlinkat(fd, tmp, 0) })
	f := os.NewFile(uintptr(tfd), tmp)
	_, err = f.Write(content)
	if err == nil {
		err = f.Chmod(os.FileMode(mode & 0o777))
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err = unix.Renameat(fd, tmp, fd, name); err != nil {
		return err
	}
	return unix.Fsync(fd)
}

// read returns a regular file's content, bounded, following no symlink.
func (h HostFiles) read(path string) ([]byte, error) {
	fd, name, err := h.parent(path)
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	ffd, err := unix.Openat(fd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("cannot read the backup %s: %w", path, err)
	}
	f := os.NewFile(uintptr(ffd), path)
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("cannot read the backup %s: it is not a regular file", path)
	case fi.Size() > maxBackupBytes:
		return nil, fmt.Errorf("cannot read the backup %s: it has more than %d bytes", path, maxBackupBytes)
	}
	buf := make([]byte, fi.Size())
	n, err := f.ReadAt(buf, 0)
	if int64(n) != fi.Size() {
		return nil, fmt.Errorf("cannot read the backup %s: %v", path, err)
	}
	return buf, nil
}

// reverter undoes, newest first, the parts of a change already made when
// a later part fails (as incus's revert package does).
type reverter struct{ undo []func() }

func (r *reverter) add(f func()) { r.undo = append(r.undo, f) }

func (r *reverter) fail() {
	for i := len(r.undo) - 1; i >= 0; i-- {
		r.undo[i]()
	}
	r.undo = nil
}

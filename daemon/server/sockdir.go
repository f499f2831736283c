package server

import (
	"context"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// socketDir creates dir (mode 0755) if it is missing and returns it with
// symlinks resolved, after checking that nobody but root or annad's own uid
// can change it: dir itself must be writable only by its owner, and every
// directory above it must be owned by root or annad and be writable only by
// its owner or sticky (like /tmp). Otherwise another user could swap the
// socket, or what annad creates next to it, for a symlink.
func socketDir(dir string) (string, error) {
	// Check what exists before creating anything in it.
	exists := filepath.Clean(dir)
	for {
		if _, err := os.Lstat(exists); err == nil || exists == filepath.Dir(exists) {
			break
		}
		exists = filepath.Dir(exists)
	}
	if exists != filepath.Clean(dir) {
		if _, err := checkChain(exists, false); err != nil {
			return "", err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot create the socket directory: %w", err)
	}
	return checkChain(dir, true)
}

// checkChain resolves dir and checks it and every directory above it with
// safeDir; leaf says whether dir is the socket's own directory.
func checkChain(dir string, leaf bool) (string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		return "", fmt.Errorf("cannot resolve the socket directory %s: %w", dir, err)
	}
	for d := real; ; d, leaf = filepath.Dir(d), false {
		if err := safeDir(d, leaf); err != nil {
			return "", err
		}
		if d == filepath.Dir(d) {
			return real, nil
		}
	}
}

// safeDir checks one directory on the socket's path without following a
// symlink. leaf is the socket's own directory, where sticky is not enough:
// other users could still create names there.
func safeDir(d string, leaf bool) error {
	var st unix.Stat_t
	if err := unix.Lstat(d, &st); err != nil {
		return fmt.Errorf("cannot inspect the socket directory %s: %w", d, err)
	}
	euid := uint32(os.Geteuid())
	fix := fmt.Sprintf("make it owned by root and writable only by its owner (chown root %s; chmod go-w %s), or choose another --socket", d, d)
	switch {
	case st.Mode&unix.S_IFMT != unix.S_IFDIR:
		return fmt.Errorf("cannot use the socket directory %s: it is not a directory", d)
	case st.Uid != 0 && st.Uid != euid:
		return fmt.Errorf("cannot use the socket directory %s: it belongs to uid %d, who could swap the socket; %s", d, st.Uid, fix)
	case st.Mode&0o022 != 0 && (leaf || st.Mode&unix.S_ISVTX == 0):
		return fmt.Errorf("cannot use the socket directory %s: others can write to it (mode %04o); %s", d, st.Mode&0o7777, fix)
	}
	return nil
}

// staleTemp matches the private names Listen binds before renaming.
func staleTemp(base string) *regexp.Regexp {
	return regexp.MustCompile(`^` + regexp.QuoteMeta(base) + `\.[0-9]+\.tmp$`)
}

// removeStaleTemps deletes temporary sockets left by an annad killed between
// bind and rename. Only sockets with our own name pattern that nobody
// answers on are removed; unlink never follows a symlink.
func removeStaleTemps(dir, base string, warn func(msg string, args ...any)) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	re := staleTemp(base)
	for _, e := range entries {
		if !re.MatchString(e.Name()) || e.Type()&fs.ModeSocket == 0 {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if live(p) {
			continue // another annad is starting right now
		}
		if err := os.Remove(p); err == nil {
			warn("removed a temporary socket left by an earlier annad", "path", p)
		}
	}
}

// live reports whether something accepts connections on the socket at p.
func live(p string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", p)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// afterBind lets tests act between bind and rename, where an attacker
// would.
var afterBind = func(tmp string) {}

// bindSocket creates a listening socket file at path with mode 0660 and
// group gid (or the process's group when gid < 0). Nothing follows a name:
// the mode is set on the socket before bind (the kernel creates the file
// with it, less the umask), and the file is then opened with O_PATH and
// O_NOFOLLOW, checked to be a socket owned by annad, and given its group
// and exact mode through that descriptor. socketDir has made sure only
// annad's owner could swap the name anyway.
//
// No thread tricks (a private umask via unshare): a Go thread locked and
// ended to discard such state kills every child started from it with
// Pdeathsig.
func bindSocket(path string, gid int64) (*net.UnixListener, error) {
	fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("cannot listen on %s: %w", path, err)
	}
	f := os.NewFile(uintptr(fd), path)
	defer f.Close()
	if err := unix.Fchmod(fd, 0o660); err != nil {
		return nil, fmt.Errorf("cannot set the socket mode: %w", err)
	}
	if err := unix.Bind(fd, &unix.SockaddrUnix{Name: path}); err != nil {
		return nil, fmt.Errorf("cannot listen on %s: %w", path, err)
	}
	fail := func(err error) (*net.UnixListener, error) {
		if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSocket != 0 {
			_ = os.Remove(path)
		}
		return nil, err
	}
	if err := unix.Listen(fd, 4096); err != nil { // the kernel caps it at net.core.somaxconn
		return fail(fmt.Errorf("cannot listen on %s: %w", path, err))
	}
	afterBind(path)
	if err := fixSocketFile(path, gid); err != nil {
		return fail(err)
	}
	ln, err := net.FileListener(f)
	if err != nil {
		return fail(fmt.Errorf("cannot listen on %s: %w", path, err))
	}
	ul := ln.(*net.UnixListener)
	ul.SetUnlinkOnClose(false)
	return ul, nil
}

// fixSocketFile opens path without following it, checks that it is a
// socket owned by annad, and sets group gid and mode 0660 through that
// descriptor.
func fixSocketFile(path string, gid int64) error {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("cannot open the new socket %s: %w", path, err)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return fmt.Errorf("cannot inspect the new socket %s: %w", path, err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFSOCK || st.Uid != uint32(os.Geteuid()) {
		return fmt.Errorf("cannot listen on %s: the new socket was replaced by something else; check who can write to %s", path, filepath.Dir(path))
	}
	if gid >= 0 && st.Gid != uint32(gid) {
		if err := unix.Fchownat(fd, "", -1, int(gid), unix.AT_EMPTY_PATH); err != nil {
			return fmt.Errorf("cannot give the socket to group %d: %w", gid, err)
		}
	}
	if st.Mode&0o7777 != 0o660 {
		// Linux has no fchmod for an O_PATH descriptor; its /proc/self/fd
		// entry reaches the very inode checked above.
		if err := unix.Fchmodat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), 0o660, 0); err != nil {
			return fmt.Errorf("cannot set the socket mode: %w", err)
		}
	}
	return nil
}

package server

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/user"
	"path/filepath"
	"strconv"

	"github.com/coreos/go-systemd/v22/activation"
)

// Socket is a listening socket and what is needed to clean it up.
type Socket struct {
	Listener *net.UnixListener
	// GroupID is the gid owning the socket, or -1 when the configured group
	// does not exist and the process's group was kept.
	GroupID int64
	// Activated is set when systemd passed the socket (LISTEN_FDS); systemd
	// then owns the file and annad must not remove it.
	Activated bool
	path      string
}

// Remove deletes the socket file unless systemd owns it.
func (s *Socket) Remove() {
	if !s.Activated && s.path != "" {
		_ = os.Remove(s.path)
	}
}

// Listen returns systemd's socket when annad was socket-activated, and
// otherwise creates path with mode 0660 and group `group`. The directory is
// created 0755 if missing and refused if anyone but root or annad's own uid
// could write to it (see socketDir). A stale socket file, and a temporary one
// left by a killed annad, is replaced; a live one (another annad answering)
// is an error, and so is anything that is not a socket. warn receives
// non-fatal problems such as a missing group.
func Listen(path, group string, warn func(msg string, args ...any)) (*Socket, error) {
	if ln, ok, err := activated(); ok || err != nil {
		if err != nil {
			return nil, err
		}
		gid := int64(-1)
		if g, err := user.LookupGroup(group); err == nil {
			gid, _ = strconv.ParseInt(g.Gid, 10, 64)
		}
		return &Socket{Listener: ln, GroupID: gid, Activated: true}, nil
	}
	dir, err := socketDir(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	path = filepath.Join(dir, filepath.Base(path))
	removeStaleTemps(dir, filepath.Base(path), warn)
	if err := clearStale(path); err != nil {
		return nil, err
	}
	gid := int64(-1)
	if g, err := user.LookupGroup(group); err == nil {
		gid, _ = strconv.ParseInt(g.Gid, 10, 64)
	} else {
		warn("socket group does not exist; keeping the process's group", "group", group,
			"fix", "create it with 'groupadd --system "+group+"' and restart annad")
	}
	// Bind under a private name and rename into place, so the public path
	// never exists with the wrong mode or owner.
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	ln, err := bindSocket(tmp, gid)
	if err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, path); err != nil {
		ln.Close()
		_ = os.Remove(tmp)
		return nil, fmt.Errorf("cannot move the socket into place: %w", err)
	}
	return &Socket{Listener: ln, GroupID: gid, path: path}, nil
}

// clearStale removes a socket file nobody answers on and refuses to touch a
// live one or something that is not a socket.
func clearStale(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot inspect %s: %w", path, err)
	}
	if fi.Mode()&fs.ModeSocket == 0 {
		return fmt.Errorf("cannot listen on %s: it exists and is not a socket; move it away", path)
	}
	if live(path) {
		return fmt.Errorf("cannot listen on %s: another annad is already serving it (stop it with 'systemctl stop annad')", path)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("cannot remove the stale socket %s: %w", path, err)
	}
	return nil
}

// activated returns the first Unix listener systemd passed, if any.
func activated() (*net.UnixListener, bool, error) {
	if os.Getenv("LISTEN_FDS") == "" {
		return nil, false, nil
	}
	lns, err := activation.Listeners()
	if err != nil {
		return nil, true, fmt.Errorf("cannot use the sockets systemd passed: %w", err)
	}
	for _, ln := range lns {
		if ul, ok := ln.(*net.UnixListener); ok {
			ul.SetUnlinkOnClose(false)
			return ul, true, nil
		}
	}
	return nil, true, errors.New("cannot use the sockets systemd passed: none is a Unix stream socket")
}

// Package peer identifies the process on the other end of a Unix socket from
// the kernel's SO_PEERCRED, once per connection, and decides what that
// identity may do. Nothing a client says about itself is trusted.
package peer

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// Identity is who is connected, as the kernel reported it at connect time.
type Identity struct {
	PID int32
	UID uint32
	GID uint32
	// Groups are the supplementary groups of PID, read from procfs right
	// after accept; nil if the process was already gone.
	Groups []uint32
	// StartTime is PID's start time (field 22 of /proc/<pid>/stat), read
	// with Groups, once per connection; 0 if the process was already gone.
	// Polkit gets it with the pid, so a process that later takes a reused
	// pid is never mistaken for the client.
	StartTime uint64
}

// String renders the identity for logs.
func (id Identity) String() string {
	return fmt.Sprintf("pid=%d uid=%d gid=%d", id.PID, id.UID, id.GID)
}

// IsRoot reports whether the peer runs as uid 0.
func (id Identity) IsRoot() bool { return id.UID == 0 }

// InGroup reports whether gid is the peer's primary or a supplementary group.
func (id Identity) InGroup(gid uint32) bool {
	return id.GID == gid || slices.Contains(id.Groups, gid)
}

// FromConn reads the peer credentials of a Unix connection and the peer's
// supplementary groups under l's procfs.
func FromConn(conn *net.UnixConn, l dirs.Layout) (Identity, error) {
	id, err := Credentials(conn)
	if err != nil {
		return Identity{}, err
	}
	return id.WithGroups(l), nil
}

// Credentials reads only the kernel's SO_PEERCRED of a Unix connection: one
// getsockopt, cheap enough for the accept loop to decide admission by uid
// before it spends anything else on a connection.
func Credentials(conn *net.UnixConn) (Identity, error) {
	raw, err := conn.SyscallConn()
	if err != nil {
		return Identity{}, fmt.Errorf("cannot read peer credentials: %w", err)
	}
	var cred *syscall.Ucred
	var credErr error
	err = raw.Control(func(fd uintptr) {
		cred, credErr = syscall.GetsockoptUcred(int(fd), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	})
	if err == nil {
		err = credErr
	}
	if err != nil {
		return Identity{}, fmt.Errorf("cannot read peer credentials: %w", err)
	}
	return Identity{PID: cred.Pid, UID: cred.Uid, GID: cred.Gid}, nil
}

// WithGroups returns id with the supplementary groups and the start time of
// its pid read from l's procfs.
func (id Identity) WithGroups(l dirs.Layout) Identity {
	// The start time is read on both sides of the groups: if the pid
	// changed hands in between, neither is trusted.
	start, _ := StartTime(l, id.PID)
	id.Groups = groupsOf(l, id.PID)
	if again, _ := StartTime(l, id.PID); again != start {
		id.Groups, start = nil, 0
	}
	id.StartTime = start
	return id
}

// groupsOf parses the Groups line of /proc/<pid>/status. SO_PEERCRED has no
// supplementary groups; procfs is the only source. A pid can be reused, but
// only by a process that could itself connect, and we read it right after
// accept while the peer is blocked waiting for our answer.
func groupsOf(l dirs.Layout, pid int32) []uint32 {
	f, err := os.Open(filepath.Join(l.Proc(), strconv.Itoa(int(pid)), "status"))
	if err != nil {
		return nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "Groups:")
		if !ok {
			continue
		}
		var groups []uint32
		for _, f := range strings.Fields(rest) {
			if g, err := strconv.ParseUint(f, 10, 32); err == nil {
				groups = append(groups, uint32(g))
			}
		}
		return groups
	}
	return nil
}

type ctxKey struct{}

// WithIdentity attaches id to ctx; the server does this once per connection.
func WithIdentity(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, ctxKey{}, id)
}

// FromContext returns the identity attached by WithIdentity.
func FromContext(ctx context.Context) (Identity, bool) {
	id, ok := ctx.Value(ctxKey{}).(Identity)
	return id, ok
}

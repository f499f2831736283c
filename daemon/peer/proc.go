package peer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// maxStat bounds what is read of /proc/<pid>/stat: about 52 numbers and a
// command name of at most 64 bytes fit in far less.
const maxStat = 4 << 10

// StartTime returns the start time of pid, field 22 of /proc/<pid>/stat
// under l's procfs, in clock ticks since boot. With the pid it names one
// process for good: a pid can be reused, a (pid, start time) pair cannot,
// which is why polkit wants both.
func StartTime(l dirs.Layout, pid int32) (uint64, error) {
	if pid <= 0 {
		return 0, fmt.Errorf("cannot read the start time of pid %d: not a process id", pid)
	}
	f, err := os.Open(filepath.Join(l.Proc(), strconv.Itoa(int(pid)), "stat"))
	if err != nil {
		return 0, fmt.Errorf("cannot read the start time of pid %d: %w", pid, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxStat))
	if err != nil {
		return 0, fmt.Errorf("cannot read the start time of pid %d: %w", pid, err)
	}
	t, err := parseStartTime(b)
	if err != nil {
		return 0, fmt.Errorf("cannot read the start time of pid %d: %w", pid, err)
	}
	return t, nil
}

// parseStartTime reads field 22 of a stat line. The command name (field 2)
// is in parentheses and may itself contain spaces and ')', since any user
// can name a process anything; the fields after the last ')' cannot.
func parseStartTime(stat []byte) (uint64, error) {
	end := bytes.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, errors.New("no command name in stat")
	}
	// After the name come fields 3 (state) onwards: field 22 is the 20th.
	fields := bytes.Fields(stat[end+1:])
	if len(fields) < 20 {
		return 0, fmt.Errorf("stat has %d fields after the command name, want at least 20", len(fields))
	}
	t, err := strconv.ParseUint(string(fields[19]), 10, 64)
	if err != nil || t == 0 {
		return 0, fmt.Errorf("bad start time %q in stat", fields[19])
	}
	return t, nil
}

// WithProcess returns id with the groups and start time of its pid, like
// WithGroups, and then, when the kernel offers a pidfd of the peer
// (SO_PEERPIDFD, Linux 6.5), confirms that the peer process still lives. A
// live process holds its pid, so what was read belongs to the peer and not
// to a process that took the pid after the peer exited; if the peer is
// gone, the groups and start time are dropped (the connection then gets no
// group access and no polkit check). Kernels without SO_PEERPIDFD keep
// WithGroups' guarantee alone.
func (id Identity) WithProcess(conn *net.UnixConn, l dirs.Layout) Identity {
	pidfd, err := peerPIDFD(conn)
	id = id.WithGroups(l)
	switch {
	case errors.Is(err, unix.ENOPROTOOPT):
		return id // a kernel before 6.5
	case err != nil:
		// Kernels before 6.16 give no pidfd of a peer already reaped.
		id.Groups, id.StartTime = nil, 0
		return id
	}
	defer unix.Close(pidfd)
	// Only ESRCH means gone: a non-root annad (a developer's) gets EPERM
	// for other users' live processes.
	if err := unix.PidfdSendSignal(pidfd, 0, nil, 0); errors.Is(err, unix.ESRCH) {
		id.Groups, id.StartTime = nil, 0
	}
	return id
}

// peerPIDFD returns a pidfd of conn's peer as of connect time.
// ENOPROTOOPT means the kernel has no SO_PEERPIDFD.
func peerPIDFD(conn *net.UnixConn) (int, error) {
	raw, err := conn.SyscallConn()
	if err != nil {
		return -1, err
	}
	pidfd, gerr := -1, error(nil)
	err = raw.Control(func(fd uintptr) {
		pidfd, gerr = unix.GetsockoptInt(int(fd), unix.SOL_SOCKET, unix.SO_PEERPIDFD)
	})
	if err == nil {
		err = gerr
	}
	return pidfd, err
}

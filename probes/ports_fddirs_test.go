package probes

import (
	"context"
	"net"
	"os"
	"slices"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"
)

// listenerInode opens a TCP listener on the loopback and returns its
// socket inode and descriptor.
func listenerInode(t *testing.T) (uint32, int) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("cannot listen: %v", err)
	}
	t.Cleanup(func() { l.Close() })
	raw, err := l.(*net.TCPListener).SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var st unix.Stat_t
	var fd int
	if err := raw.Control(func(f uintptr) { fd = int(f); err = unix.Fstat(fd, &st) }); err != nil {
		t.Fatal(err)
	}
	return uint32(st.Ino), fd
}

// ownersOf runs one pass over /proc for inode and returns its owners.
func ownersOf(t *testing.T, inode uint32) []SocketProcess {
	t.Helper()
	owners, _, err := socketOwners(context.Background(), "/proc", map[uint32]bool{inode: true})
	if err != nil {
		t.Fatal(err)
	}
	return owners[inode]
}

// A kept fd directory is listed afresh on every pass: a socket this
// process opens after a pass kept its directory is found by the next.
func TestSocketOwnersKeptDirectoryIsFresh(t *testing.T) {
	tb := fdTable(t)
	first, _ := listenerInode(t)
	if got := ownersOf(t, first); !slices.ContainsFunc(got, func(p SocketProcess) bool { return p.PID == os.Getpid() }) {
		t.Fatalf("owners of this process's listener = %v", got)
	}
	keptEntry(t, tb, os.Getpid())
	second, fd := listenerInode(t)
	want := []SocketProcess{{Name: ownComm(t), PID: os.Getpid(), FD: fd}}
	if got := ownersOf(t, second); !slices.Equal(got, want) {
		t.Fatalf("owners of a listener opened after the directory was kept = %v, want %v", got, want)
	}
}

// A kept fd directory names the process it was opened for, not the PID:
// once that process is gone, the PID's directory is opened anew. The stale
// directory is that of a reaped child, filed under this process's PID as
// if the PID had been reused.
func TestSocketOwnersReopensAReusedPID(t *testing.T) {
	tb := fdTable(t)
	child := idleChild(t)
	inode, fd := listenerInode(t)
	ownersOf(t, inode)
	self := os.Getpid()
	tb.mu.Lock()
	stale, ok := tb.kept[child.Process.Pid]
	tb.mu.Unlock()
	if !ok {
		t.Skip("the child's fd directory was not kept (the bound is taken)")
	}
	_ = child.Process.Kill()
	_ = child.Wait()
	tb.mu.Lock()
	delete(tb.kept, child.Process.Pid)
	if own, ok := tb.kept[self]; ok {
		unix.Close(own.fd)
	}
	tb.kept[self] = stale
	tb.mu.Unlock()
	want := []SocketProcess{{Name: ownComm(t), PID: self, FD: fd}}
	if got := ownersOf(t, inode); !slices.Equal(got, want) {
		t.Fatalf("owners through a stale directory = %v, want %v", got, want)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if _, ok := tb.kept[self]; ok && tb.kept[self].fd == stale.fd {
		if target, _ := os.Readlink("/proc/self/fd/" + strconv.Itoa(stale.fd)); target != "/proc/"+strconv.Itoa(self)+"/fd" {
			t.Fatalf("the stale directory is still kept: %s", target)
		}
	}
}

// ownComm is this process's name as the kernel keeps it.
func ownComm(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("/proc/self/comm")
	if err != nil {
		t.Fatal(err)
	}
	return Sanitize(string(b[:len(b)-1]), maxNameBytes)
}

package probes

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// kernelThreadPID returns a kernel thread visible under /proc, or skips.
func kernelThreadPID(t *testing.T) int {
	t.Helper()
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if st, err := parseStat(b); err == nil && st.flags&pfKthread != 0 {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
			return pid
		}
	}
	t.Skip("no kernel thread is visible under /proc (a container's PID namespace)")
	return 0
}

// procIno is the inode number procfs gives pid's directory now.
func procIno(t *testing.T, pid int) uint64 {
	t.Helper()
	var st unix.Stat_t
	if err := unix.Stat("/proc/"+strconv.Itoa(pid), &st); err != nil {
		t.Fatal(err)
	}
	return st.Ino
}

// fdTable is a table of the fd directories under /proc, skipping the test
// where there is no procfs or no descriptor to keep them with.
func fdTable(t *testing.T) *procTable {
	t.Helper()
	tb := procTableFor("/proc", "fd")
	if tb.keep == 0 {
		t.Skip("no procfs at /proc, or no descriptors to spare")
	}
	return tb
}

// keptEntry is the table's entry for pid after a pass.
func keptEntry(t *testing.T, tb *procTable, pid int) keptFile {
	t.Helper()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	k, ok := tb.kept[pid]
	if !ok {
		t.Skipf("the fd directory of %d was not kept (the bound is taken)", pid)
	}
	return k
}

// A kernel thread is recognized by its stat flags after a pass found no
// descriptor in its fd directory, and is then not listed again while its
// directory's inode number stays the same.
func TestSocketOwnersMarksKernelThreads(t *testing.T) {
	tb := fdTable(t)
	kt := kernelThreadPID(t)
	inode, _ := listenerInode(t)
	ownersOf(t, inode)
	if k := keptEntry(t, tb, kt); !k.checked || !k.kthread || k.ino != procIno(t, kt) || k.fd != -1 {
		t.Fatalf("kernel thread %d is kept as %+v, want checked, kthread, inode %d and no descriptor", kt, k, procIno(t, kt))
	}
	if k := keptEntry(t, tb, os.Getpid()); k.kthread {
		t.Fatalf("this process is marked as a kernel thread: %+v", k)
	}
	tb.mu.Lock()
	fds := tb.fdDirs(-1, []int{kt, os.Getpid()}, []uint64{procIno(t, kt), procIno(t, os.Getpid())})
	tb.mu.Unlock()
	if fds[0] != skipDir || fds[1] < 0 {
		t.Fatalf("the next pass lists kernel thread and this process as %v, want [%d, a kept directory]", fds, skipDir)
	}
}

// A process whose directory lists no descriptor is checked, not assumed
// to be a kernel thread: its flags say it is not one, so it is listed on
// every pass and a socket it opens later is found. (This process stands
// in for one without descriptors: a child would inherit the test
// runner's.)
func TestSocketOwnersChecksAProcessWithoutDescriptors(t *testing.T) {
	tb := fdTable(t)
	self := os.Getpid()
	first, _ := listenerInode(t)
	ownersOf(t, first)
	k := keptEntry(t, tb, self)
	tb.mu.Lock()
	k.checked = false
	tb.kept[self] = k
	tb.markKernelThreads([]int{self})
	k = tb.kept[self]
	tb.mu.Unlock()
	if !k.checked || k.kthread {
		t.Fatalf("this process, checked, is kept as %+v", k)
	}
	second, fd := listenerInode(t)
	want := []SocketProcess{{Name: ownComm(t), PID: self, FD: fd}}
	if got := ownersOf(t, second); !slices.Equal(got, want) {
		t.Fatalf("owners of a listener opened after the check = %v, want %v", got, want)
	}
}

// A PID filed as a kernel thread is listed again once procfs gives its
// directory another inode number (the thread exited and the PID was
// reused): the process now holding this PID is this one, and its listener
// is found.
func TestSocketOwnersListsAReusedKernelThreadPID(t *testing.T) {
	tb := fdTable(t)
	inode, fd := listenerInode(t)
	self := os.Getpid()
	ownersOf(t, inode)
	k := keptEntry(t, tb, self)
	tb.mu.Lock()
	k.checked, k.kthread, k.ino = true, true, k.ino+1
	tb.kept[self] = k
	tb.mu.Unlock()
	want := []SocketProcess{{Name: ownComm(t), PID: self, FD: fd}}
	if got := ownersOf(t, inode); !slices.Equal(got, want) {
		t.Fatalf("owners once the PID of a kernel thread is reused = %v, want %v", got, want)
	}
	if k := keptEntry(t, tb, self); k.kthread || k.ino != procIno(t, self) {
		t.Fatalf("the reused PID is kept as %+v, want a fresh entry of inode %d", k, procIno(t, self))
	}
}

// The pass does not read the links of the files the brief process scans
// keep open in this process (they are no sockets), and still finds this
// process's sockets.
func TestSocketOwnersSkipsOwnKeptFiles(t *testing.T) {
	st := procTableFor("/proc", "stat")
	if st.keep == 0 {
		t.Skip("no procfs at /proc, or no descriptors to spare")
	}
	if _, err := st.scan(context.Background(), func(int, []byte) {}); err != nil {
		t.Fatal(err)
	}
	st.mu.Lock()
	var statFDs []int
	for _, k := range st.kept {
		statFDs = append(statFDs, k.fd)
	}
	st.mu.Unlock()
	if len(statFDs) == 0 {
		t.Skip("the stat table keeps no file")
	}
	tb := procTableFor("/proc", "fd")
	tb.mu.Lock()
	own, unlock := tb.ownKept()
	unlock()
	tb.mu.Unlock()
	for _, fd := range statFDs {
		if !own[fd] {
			t.Fatalf("the stat file kept as descriptor %d is not among this process's own (%d)", fd, len(own))
		}
	}
	inode, fd := listenerInode(t)
	want := []SocketProcess{{Name: ownComm(t), PID: os.Getpid(), FD: fd}}
	if got := ownersOf(t, inode); !slices.Equal(got, want) {
		t.Fatalf("owners of this process's listener = %v, want %v", got, want)
	}
}

// The kernel checks access to a process's descriptors once for the
// process, so the walk stops at the first link it may not read: a
// fixture directory that lists but cannot be searched stands in for such
// a process (readlinkat then fails with EACCES), read as nobody since
// root may search any directory. The other process's socket is found.
func TestSocketOwnersStopAtADeniedProcess(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("switching to nobody and back needs root")
	}
	root := procTree(t, map[string]map[string]string{
		"100": {"3": "socket:[111]", "4": "socket:[222]"},
		"200": {"5": "socket:[111]"},
	}, map[string]string{"100": "denied", "200": "worker"})
	for _, dir := range []string{filepath.Dir(root), root, filepath.Join(root, "proc"), filepath.Join(root, "proc", "100")} {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Join(root, "proc", "100", "fd"), 0o444); err != nil {
		t.Fatal(err)
	}
	proc := filepath.Join(root, "proc")
	if err := syscall.Seteuid(65534); err != nil {
		t.Skipf("cannot become nobody: %v", err)
	}
	owners, _, err := socketOwners(context.Background(), proc, map[uint32]bool{111: true, 222: true})
	var seen, walked int
	var walkErr error
	if dir, err := unix.Open(proc, unix.O_RDONLY|unix.O_DIRECTORY, 0); err == nil {
		w := &ownerWalk{inodes: map[uint32]bool{111: true}, owners: map[uint32][]SocketProcess{}, scanned: new(atomic.Int64),
			fds: make([]byte, direntBytes), link: make([]byte, 64), self: -1}
		if fdDir, err := w.openFDDir(dir, 100); err == nil {
			seen, walkErr = w.walk(dir, 100, fdDir)
			walked = 1
			unix.Close(fdDir)
		}
		unix.Close(dir)
	}
	if err := syscall.Seteuid(0); err != nil {
		panic("cannot become root again: " + err.Error())
	}
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint32][]SocketProcess{111: {{"worker", 200, 5}}}
	if fmt.Sprint(owners) != fmt.Sprint(want) {
		t.Errorf("owners = %v, want %v", owners, want)
	}
	if walked != 1 || seen != 1 || walkErr != nil {
		t.Errorf("the denied process's walk looked at %d descriptors (walked %d, error %v), want 1 of its 2", seen, walked, walkErr)
	}
}

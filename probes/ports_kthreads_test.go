package probes

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	tb := procTableFor("/proc", "fd")
	if tb.keep == 0 {
		t.Skip("no procfs at /proc, or no descriptors to spare")
	}
	kt := kernelThreadPID(t)
	inode, _ := listenerInode(t)
	ownersOf(t, inode)
	if k := keptEntry(t, tb, kt); !k.checked || !k.kthread || k.ino != procIno(t, kt) {
		t.Fatalf("kernel thread %d is kept as %+v, want checked, kthread and inode %d", kt, k, procIno(t, kt))
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
	tb := procTableFor("/proc", "fd")
	if tb.keep == 0 {
		t.Skip("no procfs at /proc, or no descriptors to spare")
	}
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
	tb := procTableFor("/proc", "fd")
	if tb.keep == 0 {
		t.Skip("no procfs at /proc, or no descriptors to spare")
	}
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

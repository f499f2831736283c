package probes

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// scanned runs one scan of t and returns each pid's content.
func scanned(tb testing.TB, t *procTable) map[int]string {
	tb.Helper()
	got := make(map[int]string)
	n, err := t.scan(context.Background(), func(pid int, content []byte) { got[pid] = string(content) })
	if err != nil || n != len(got) {
		tb.Fatalf("scan: %d read, %d visited, %v", n, len(got), err)
	}
	return got
}

// idleChild starts a process that waits to be killed.
func idleChild(t *testing.T) *exec.Cmd {
	t.Helper()
	cmd := exec.Command("sleep", "600")
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start sleep: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd
}

// On procfs the table keeps each process's file open between scans, and
// closes it once the process is gone.
func TestProcTableKeepsAndCloses(t *testing.T) {
	tb := procTableFor("/proc", "stat")
	if tb.keep == 0 {
		t.Skip("no procfs at /proc, or no descriptors to spare")
	}
	child := idleChild(t)
	pid := child.Process.Pid
	got := scanned(t, tb)
	if _, ok := got[pid]; !ok || !bytes.HasPrefix([]byte(got[pid]), []byte(strconv.Itoa(pid)+" (sleep) ")) {
		t.Fatalf("the child %d was not read: %q", pid, got[pid])
	}
	k, ok := tb.kept[pid]
	if !ok && len(tb.kept) >= tb.keep {
		t.Skipf("all %d descriptors the table may keep are taken", tb.keep)
	}
	if !ok {
		t.Fatalf("the child's stat was not kept open (%d kept)", len(tb.kept))
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()
	if got := scanned(t, tb); got[pid] != "" {
		t.Fatalf("a reaped child was still read: %q", got[pid])
	}
	if _, ok := tb.kept[pid]; ok {
		t.Fatal("the reaped child's file is still kept")
	}
	var st unix.Stat_t
	if err := unix.Fstat(k.fd, &st); err == nil {
		if target, _ := os.Readlink("/proc/self/fd/" + strconv.Itoa(k.fd)); target == "/proc/"+strconv.Itoa(pid)+"/stat" {
			t.Fatalf("descriptor %d of the reaped child is still open", k.fd)
		}
	}
}

// A kept descriptor names the process it was opened for, not the PID: when
// it no longer reads, the table opens the PID's file anew, so a reused PID
// shows the new process. The stale descriptor is that of a reaped child,
// filed under this process's PID as if the PID had been reused.
func TestProcTableReopensAReusedPID(t *testing.T) {
	tb := procTableFor("/proc", "stat")
	if tb.keep == 0 {
		t.Skip("no procfs at /proc, or no descriptors to spare")
	}
	child := idleChild(t)
	scanned(t, tb)
	self := os.Getpid()
	stale, ok := tb.kept[child.Process.Pid]
	if !ok && len(tb.kept) >= tb.keep {
		t.Skipf("all %d descriptors the table may keep are taken", tb.keep)
	}
	if !ok {
		t.Fatal("the child's stat was not kept open")
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
	if got := scanned(t, tb)[self]; !bytes.HasPrefix([]byte(got), []byte(strconv.Itoa(self)+" (")) {
		t.Fatalf("this process read through a stale descriptor as %q", got)
	}
	if tb.kept[self].fd == stale.fd {
		// The number may be reused by the new open; it must then name
		// this process's file.
		if target, _ := os.Readlink("/proc/self/fd/" + strconv.Itoa(stale.fd)); target != "/proc/"+strconv.Itoa(self)+"/stat" {
			t.Fatalf("the stale descriptor is still kept: %s", target)
		}
	}
}

// A re-read through a kept descriptor is as fresh as a new open: the
// resident size of this process grows in statm when it touches memory.
func TestProcTableRereadsFresh(t *testing.T) {
	tb := procTableFor("/proc", "statm")
	if tb.keep == 0 {
		t.Skip("no procfs at /proc, or no descriptors to spare")
	}
	self := os.Getpid()
	resident := func() float64 {
		t.Helper()
		if _, ok := tb.kept[self]; len(tb.kept) > 0 && len(tb.kept) < tb.keep && !ok {
			t.Fatal("this process's statm is not kept")
		}
		rss, ok := rankMemory([]byte(scanned(t, tb)[self]), hostClock{})
		if !ok {
			t.Fatal("cannot read this process's statm")
		}
		return rss * float64(os.Getpagesize())
	}
	resident()
	before := resident()
	// A fresh mapping, not the Go heap: with -count a later run could
	// touch heap pages an earlier run left resident.
	mem, err := syscall.Mmap(-1, 0, 128<<20, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = syscall.Munmap(mem) }()
	for i := 0; i < len(mem); i += 4096 {
		mem[i] = 1
	}
	after := resident()
	if after-before < 64<<20 {
		t.Fatalf("resident size went from %.0f to %.0f bytes after touching 128 MiB", before, after)
	}
}

// At most keep descriptors are held; the processes past the bound are
// still read, each through a new open.
func TestProcTableBoundsDescriptors(t *testing.T) {
	var fs unix.Statfs_t
	if unix.Statfs("/proc", &fs) != nil || fs.Type != unix.PROC_SUPER_MAGIC {
		t.Skip("no procfs at /proc")
	}
	tb := &procTable{proc: "/proc", file: "statm", keep: 2, kept: make(map[int]keptFile)}
	first := scanned(t, tb)
	second := scanned(t, tb)
	if len(tb.kept) != 2 {
		t.Fatalf("%d descriptors kept, want 2", len(tb.kept))
	}
	if _, self := second[os.Getpid()]; !self || len(first) < 3 || len(second) < 3 {
		t.Fatalf("scans read %d and %d processes; this one among them: %v", len(first), len(second), self)
	}
	for _, k := range tb.kept {
		unix.Close(k.fd)
	}
}

// Outside procfs (a fixture) nothing is kept and only directories named
// by a number are processes; one whose file is missing is left out.
func TestProcTableFixture(t *testing.T) {
	root, err := filepath.Abs("testdata/host/proc")
	if err != nil {
		t.Fatal(err)
	}
	tb := procTableFor(root, "statm")
	got := scanned(t, tb)
	var pids []int
	for pid := range got {
		pids = append(pids, pid)
	}
	slices.Sort(pids)
	if want := []int{1, 2, 42, 77, 100, 300}; !slices.Equal(pids, want) {
		t.Fatalf("processes %v, want %v (999 has no statm)", pids, want)
	}
	if tb.keep != 0 || len(tb.kept) != 0 {
		t.Fatalf("a fixture table keeps descriptors: keep %d, kept %d", tb.keep, len(tb.kept))
	}
}

func TestPidName(t *testing.T) {
	for name, want := range map[string]int{"1\x00": 1, "4194304\x00\x00": 4194304, "42": 42} {
		if got, ok := pidName([]byte(name)); !ok || got != want {
			t.Errorf("pidName(%q) = %d, %v", name, got, ok)
		}
	}
	for _, name := range []string{"self\x00", "\x00", "", "12a\x00", "12345678901\x00", "-1\x00"} {
		if got, ok := pidName([]byte(name)); ok {
			t.Errorf("pidName(%q) = %d, want no process", name, got)
		}
	}
}

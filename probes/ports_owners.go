package probes

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// ownerWalk is one worker's share of a pass over <proc>/*/fd: its own
// buffers for directory entries, paths and link targets, reused so that
// the pass allocates nothing per process or descriptor, and the owners it
// found.
type ownerWalk struct {
	inodes map[uint32]bool
	owners map[uint32][]SocketProcess
	// self is this process's PID under proc, and ownDirs the descriptors
	// of the procfs files and directories it keeps (see ownKept): they are
	// no sockets, so their links are not read.
	self    int
	ownDirs map[int]bool
	scanned *atomic.Int64 // descriptors looked at by all workers
	skipped int
	fds     []byte // entries of one <pid>/fd
	path    []byte
	link    []byte
}

// socketOwners maps socket inodes to the processes holding them, by reading
// <proc>/<pid>/fd/* links ("socket:[inode]") as ss -p does, in one pass
// within the fd bounds above; note says when a bound stopped the walk.
// Every descriptor is looked at, since a socket may be shared by many
// processes (a server's workers, systemd and the service it activated),
// but only the wanted inodes are kept. Like the process scan, the pass is
// split over up to maxScanWorkers goroutines: it is almost all kernel
// time. On procfs each process's fd directory is kept open between passes
// (see fdDirs), which halved the pass, and kernel threads, which hold no
// descriptor, are not listed after the first pass that finds them.
// Processes that vanish or deny access are skipped; ctx is checked for
// every process.
func socketOwners(ctx context.Context, proc string, inodes map[uint32]bool) (map[uint32][]SocketProcess, string, error) {
	owners := make(map[uint32][]SocketProcess)
	if len(inodes) == 0 {
		return owners, "", nil
	}
	dir, err := unix.Open(proc, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	if err != nil {
		return nil, "", fmt.Errorf("cannot list processes in %s: %w", proc, err)
	}
	defer unix.Close(dir)
	// The table of kept fd directories is held for the whole pass: a
	// kept descriptor's offset is shared, and concurrent passes take turns.
	t := procTableFor(proc, "fd")
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.dirents == nil {
		t.dirents = make([]byte, direntBytes)
	}
	var pids []int
	var inos []uint64
	err = eachDirent(dir, t.dirents, func(name []byte, typ uint8, ino uint64) error {
		if pid, ok := pidName(name); ok && pid > 0 && (typ == unix.DT_DIR || typ == unix.DT_UNKNOWN) {
			pids = append(pids, pid)
			inos = append(inos, ino)
		}
		return nil
	})
	if err != nil {
		return nil, "", fmt.Errorf("cannot list processes in %s: %w", proc, err)
	}
	kept := t.fdDirs(dir, pids, inos)
	ownDirs, unlock := t.ownKept()
	defer unlock()
	self := -1
	if len(ownDirs) > 0 {
		if pid, err := os.Readlink(proc + "/self"); err == nil {
			self, _ = strconv.Atoi(pid)
		}
	}
	stale, empty := make([]bool, len(pids)), make([]bool, len(pids))
	var scanned atomic.Int64
	walks := make([]*ownerWalk, min(runtime.GOMAXPROCS(0), maxScanWorkers, len(pids)/scanBatch+1))
	var failed atomic.Pointer[error]
	var wg sync.WaitGroup
	for i := range walks {
		w := &ownerWalk{inodes: inodes, owners: make(map[uint32][]SocketProcess), scanned: &scanned,
			fds: make([]byte, direntBytes), link: make([]byte, 64), self: self, ownDirs: ownDirs}
		walks[i] = w
		wg.Go(func() {
			defer recovered("map sockets to processes", func(err error) { failed.CompareAndSwap(nil, &err) })
			for j := i; j < len(pids); j += len(walks) {
				if scanned.Load() >= maxFDsScanned {
					w.skipped++
					continue
				}
				if ctx.Err() != nil {
					return
				}
				if kept[j] != skipDir {
					stale[j], empty[j] = w.process(dir, pids[j], kept[j])
				}
			}
		})
	}
	wg.Wait()
	var gone, none []int
	for j := range pids {
		switch {
		case stale[j]:
			gone = append(gone, pids[j])
		case empty[j]:
			none = append(none, pids[j])
		}
	}
	t.dropFDDirs(gone)
	t.markKernelThreads(none)
	if err := failed.Load(); err != nil {
		return nil, "", *err
	}
	if ctx.Err() != nil {
		return nil, "", fmt.Errorf("cannot map sockets to processes: %w", context.Cause(ctx))
	}
	skipped := 0
	for _, w := range walks {
		skipped += w.skipped
		for inode, list := range w.owners {
			owners[inode] = append(owners[inode], list...)
		}
	}
	for inode, list := range owners {
		slices.SortFunc(list, func(a, b SocketProcess) int {
			return cmp.Or(cmp.Compare(a.PID, b.PID), cmp.Compare(a.FD, b.FD))
		})
		owners[inode] = list[:min(len(list), maxSocketOwners)]
	}
	note := ""
	if skipped > 0 {
		note = fmt.Sprintf("owners of %d processes not looked up: %d file descriptors were read first", skipped, scanned.Load())
	}
	return owners, note, nil
}

// process adds the wanted sockets among the first maxFDsPerProcess
// descriptors of pid to the owners, listing its fd directory through the
// kept descriptor fdDir, or one opened for this pass when fdDir is -1 or
// no longer lists (the process it was opened for is gone; stale is then
// true). empty says the kept directory listed no descriptor at all (a
// kernel thread, or a process that closed them all). A process that is
// gone or denies access is skipped.
func (w *ownerWalk) process(proc, pid, fdDir int) (stale, empty bool) {
	if fdDir >= 0 {
		seen, err := 0, rewind(fdDir)
		if err == nil {
			seen, err = w.walk(proc, pid, fdDir)
		}
		if err == nil || seen > 0 {
			return err != nil, err == nil && seen == 0
		}
		stale = true
	}
	fdDir, err := w.openFDDir(proc, pid)
	if err != nil {
		return stale, false
	}
	defer unix.Close(fdDir)
	_, _ = w.walk(proc, pid, fdDir)
	return stale, false
}

// walk reads the links of the open fd directory of pid and returns how
// many descriptors it looked at, and the error that ended the listing
// (none at the descriptor bound, or at a descriptor access is denied to).
func (w *ownerWalk) walk(proc, pid, fdDir int) (int, error) {
	comm, seen := "", 0
	err := eachDirent(fdDir, w.fds, func(name []byte, _ uint8, _ uint64) error {
		end := bytes.IndexByte(name, 0)
		fd, ok := pidName(name)
		if !ok || end < 0 {
			return nil // "." and ".."
		}
		if seen >= maxFDsPerProcess {
			return errFDBound
		}
		seen++
		w.scanned.Add(1)
		if pid == w.self && w.ownDirs[fd] {
			return nil
		}
		n, err := readlinkat(fdDir, name[:end+1], w.link)
		if errors.Is(err, unix.EACCES) {
			// The kernel checks access to the process, not to each
			// descriptor: the others would be denied too.
			return errFDDenied
		}
		if err != nil {
			return nil // closed since the listing
		}
		inode, ok := socketInode(w.link[:n])
		if !ok || !w.inodes[inode] || len(w.owners[inode]) >= maxSocketOwners {
			return nil
		}
		if comm == "" {
			w.path = strconv.AppendInt(w.path[:0], int64(pid), 10)
			w.path = append(w.path, "/comm\x00"...)
			comm = readComm(proc, w.path)
		}
		w.owners[inode] = append(w.owners[inode], SocketProcess{Name: comm, PID: pid, FD: fd})
		return nil
	})
	if errors.Is(err, errFDBound) || errors.Is(err, errFDDenied) {
		err = nil
	}
	return seen, err
}

// errFDBound ends the walk of one process at maxFDsPerProcess, and
// errFDDenied at its first descriptor whose link it may not read.
var (
	errFDBound  = errors.New("the descriptor bound is reached")
	errFDDenied = errors.New("the process's descriptors may not be read")
)

// socketInode parses the link target "socket:[inode]".
func socketInode(target []byte) (uint32, bool) {
	s, ok := bytes.CutPrefix(target, []byte("socket:["))
	if !ok {
		return 0, false
	}
	s, ok = bytes.CutSuffix(s, []byte("]"))
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(string(s), 10, 32)
	return uint32(n), err == nil
}

// readComm reads a process's name (path under proc, ending in a NUL),
// which its owner sets to anything.
func readComm(proc int, path []byte) string {
	fd, err := openat(proc, path, unix.O_RDONLY)
	if err != nil {
		return "?"
	}
	defer unix.Close(fd)
	var b [maxNameBytes + 1]byte
	n, err := unix.Read(fd, b[:])
	if err != nil || n < 0 {
		return "?"
	}
	return Sanitize(strings.TrimSuffix(string(b[:min(n, maxNameBytes)]), "\n"), maxNameBytes)
}

package probes

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// procTable reads one small file (statm or stat) of every process under a
// /proc, for the brief process listings. Opening the file is most of the
// cost of reading it (path lookup, a new file and seq_file, on every
// call), so on a real procfs the table keeps each process's file open
// between scans and re-reads it with pread at offset 0, which makes the
// kernel generate it afresh: the figures are as fresh as a new open's.
// The descriptor stays bound to the process it was opened for: once that
// process is gone, reads fail with ESRCH, also when its PID has been
// reused, and the table closes it and opens the PID's file anew. Files of
// processes no longer listed are closed at the end of each scan, and at
// most keep are held (a bound from RLIMIT_NOFILE), so annad's descriptors
// stay bounded. Listing uses getdents into a reused buffer and opening a
// raw openat with a reused path buffer: a scan allocates nothing per
// process. A scan holds the table's lock; concurrent scans of the same
// file take turns.
type procTable struct {
	mu   sync.Mutex
	proc string // e.g. "/proc"
	file string // the per-process file, "statm" or "stat"
	keep int    // most descriptors kept open; 0 when proc is not procfs

	kept    map[int]keptFile
	gen     uint64 // scans so far; a kept file not seen in this one is closed
	dirents []byte
	path    []byte
	buf     []byte
}

// keptFile is an open per-process file and the scan that last read it.
// The owners pass also records, for a kept fd directory, the inode number
// procfs gave the process's directory when it was opened (ino), and
// whether the process is a kernel thread (checked says the flags were read).
type keptFile struct {
	fd  int
	gen uint64

	ino              uint64
	checked, kthread bool
}

// Bounds of a procTable: its directory buffer, its file buffer (stat is
// the larger file; statm is seven numbers), and the descriptors it keeps.
const (
	direntBytes = 32 << 10
	maxKeptFDs  = 2048
	// keptShare is the share of RLIMIT_NOFILE one table may keep open.
	keptShare = 8
)

// procTables are the tables of real procfs mounts, by path and file; there
// is one such mount on a host, so the map stays small. Tables of other
// roots (test fixtures) keep no descriptors and are not remembered.
var procTables = struct {
	sync.Mutex
	m map[string]*procTable
}{m: make(map[string]*procTable)}

// procTableFor returns the table reading file under proc.
func procTableFor(proc, file string) *procTable {
	var fs unix.Statfs_t
	if err := unix.Statfs(proc, &fs); err != nil || fs.Type != unix.PROC_SUPER_MAGIC {
		return &procTable{proc: proc, file: file}
	}
	procTables.Lock()
	defer procTables.Unlock()
	key := proc + "\x00" + file
	t, ok := procTables.m[key]
	if !ok {
		t = &procTable{proc: proc, file: file, keep: keepLimit(), kept: make(map[int]keptFile)}
		procTables.m[key] = t
	}
	return t
}

// keepLimit is how many descriptors one table may keep: a small share of
// the process's descriptor limit, so connections never run short.
func keepLimit() int {
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &lim); err != nil {
		return 0
	}
	return int(min(lim.Cur/keptShare, maxKeptFDs))
}

// scan calls visit with the file of every process listed under the
// table's /proc, in directory order, and returns how many it read. A
// process that exits during the scan, or whose file does not fit the
// buffer, is left out. content is valid only during the call.
func (t *procTable) scan(ctx context.Context, visit func(pid int, content []byte)) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	dir, err := unix.Open(t.proc, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	if err != nil {
		return 0, fmt.Errorf("cannot list processes in %s: %w", t.proc, err)
	}
	defer unix.Close(dir)
	if t.dirents == nil {
		t.dirents = make([]byte, direntBytes)
		t.buf = make([]byte, maxStatBytes+1)
	}
	t.gen++
	read, listed := 0, 0
	err = eachDirent(dir, t.dirents, func(name []byte, typ uint8, _ uint64) error {
		pid, ok := pidName(name)
		if !ok || typ != unix.DT_DIR && typ != unix.DT_UNKNOWN {
			return nil
		}
		if listed++; listed%scanBatch == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if content, ok := t.read(dir, pid); ok {
			visit(pid, content)
			read++
		}
		return nil
	})
	if err != nil {
		return read, fmt.Errorf("cannot list processes in %s: %w", t.proc, err)
	}
	for pid, k := range t.kept {
		if k.gen != t.gen {
			unix.Close(k.fd)
			delete(t.kept, pid)
		}
	}
	return read, nil
}

// eachDirent calls visit with the name (up to and including its NUL),
// type and inode number of every entry of the open directory dir, read
// with getdents into buf, until visit returns an error. It allocates
// nothing.
func eachDirent(dir int, buf []byte, visit func(name []byte, typ uint8, ino uint64) error) error {
	for {
		n, err := unix.Getdents(dir, buf)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return err
		}
		if n <= 0 {
			return nil
		}
		for off := 0; off < n; {
			// struct linux_dirent64: ino, off (8 bytes each), reclen (2),
			// type (1), then the name and its NUL.
			if n-off < 20 {
				return errors.New("a short directory entry")
			}
			reclen := int(binary.NativeEndian.Uint16(buf[off+16:]))
			if reclen < 20 || off+reclen > n {
				return errors.New("a malformed directory entry")
			}
			ino, typ, name := binary.NativeEndian.Uint64(buf[off:]), buf[off+18], buf[off+19:off+reclen]
			off += reclen
			if err := visit(name, typ, ino); err != nil {
				return err
			}
		}
	}
}

// pidName parses a directory name of digits up to its NUL; other names
// (self, sys, meminfo…) are not processes.
func pidName(name []byte) (int, bool) {
	pid := 0
	for i, c := range name {
		switch {
		case c == 0 && i > 0:
			return pid, true
		case c < '0' || c > '9' || i >= 10:
			return 0, false
		}
		pid = pid*10 + int(c-'0')
	}
	return pid, len(name) > 0 && len(name) <= 10
}

// read returns the content of pid's file from its kept descriptor, or
// from a new one, which it keeps when there is room.
func (t *procTable) read(dir, pid int) ([]byte, bool) {
	if k, ok := t.kept[pid]; ok {
		if b, ok := t.pread(k.fd); ok {
			t.kept[pid] = keptFile{fd: k.fd, gen: t.gen}
			return b, true
		}
		// The process it was opened for is gone; pid may name another.
		unix.Close(k.fd)
		delete(t.kept, pid)
	}
	fd, err := t.open(dir, pid)
	if err != nil {
		return nil, false
	}
	b, ok := t.pread(fd)
	if ok && len(t.kept) < t.keep {
		t.kept[pid] = keptFile{fd: fd, gen: t.gen}
	} else {
		unix.Close(fd)
	}
	return b, ok
}

// open opens <pid>/<file> under dir without allocating: the path is built
// in a reused buffer.
func (t *procTable) open(dir, pid int) (int, error) {
	t.path = strconv.AppendInt(t.path[:0], int64(pid), 10)
	t.path = append(t.path, '/')
	t.path = append(t.path, t.file...)
	t.path = append(t.path, 0)
	fd, err := openat(dir, t.path, unix.O_RDONLY)
	if err != nil {
		return -1, &os.PathError{Op: "open", Path: t.file, Err: err}
	}
	return fd, nil
}

// openat opens path, which ends in a NUL, under dir, handing the bytes to
// the system call as they are (unix.Openat copies a string to add the
// NUL). The last element is never followed as a symlink; the others are
// procfs's own directories.
func openat(dir int, path []byte, flags int) (int, error) {
	if len(path) == 0 || path[len(path)-1] != 0 {
		return -1, unix.EINVAL
	}
	for {
		fd, _, errno := unix.Syscall6(unix.SYS_OPENAT, uintptr(dir), uintptr(unsafe.Pointer(&path[0])),
			uintptr(flags|unix.O_CLOEXEC|unix.O_NOFOLLOW), 0, 0, 0)
		switch errno {
		case 0:
			return int(fd), nil
		case unix.EINTR:
			continue
		}
		return -1, errno
	}
}

// readlinkat reads the target of the link name (ending in a NUL) under dir
// into buf without allocating, and returns its length; a target as long as
// buf may have been cut.
func readlinkat(dir int, name, buf []byte) (int, error) {
	if len(name) == 0 || name[len(name)-1] != 0 || len(buf) == 0 {
		return 0, unix.EINVAL
	}
	n, _, errno := unix.Syscall6(unix.SYS_READLINKAT, uintptr(dir), uintptr(unsafe.Pointer(&name[0])),
		uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0, 0)
	if errno != 0 {
		return 0, errno
	}
	return int(n), nil
}

// pread reads the whole file from offset 0 in one read: a single-record
// seq_file hands over everything it has when it fits. A file that fills
// the buffer is over the bound and left out.
func (t *procTable) pread(fd int) ([]byte, bool) {
	for {
		n, err := unix.Pread(fd, t.buf, 0)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil || n <= 0 || n >= len(t.buf) {
			return nil, false
		}
		return t.buf[:n], true
	}
}

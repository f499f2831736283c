package probes

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// skipDir marks, in fdDirs' answer, a process the pass need not list: a
// kernel thread, whose descriptor table is the kernel's empty one for as
// long as it lives.
const skipDir = -2

// fdDirs returns, for each of pids, a kept descriptor of its <pid>/fd
// directory under dir, skipDir for a kernel thread seen in an earlier
// pass, or -1 where the table keeps none (a test fixture, the bound
// reached, or a process that could not be opened: the walk then opens it
// itself). inos are the inode numbers the listing of dir gave each
// process's directory. The table is t, a procTable of file "fd"; the
// caller holds t.mu for the whole pass, since a kept descriptor's offset
// is shared. Opening a process's fd directory costs as much as listing it,
// so on procfs the directory stays open between passes like the brief
// scan's files; it stays bound to the process it was opened for (getdents
// on it fails once that process is gone, also when its PID is reused),
// and it is re-listed afresh after a seek to its start.
//
// A kernel thread is not listed at all (most of a host's processes are
// kernel threads, and each listing is three system calls), and its
// directory is closed (see markKernelThreads). Whether the
// PID still names the same kernel thread is told without a system call:
// procfs gives every process's directory a new inode number, and the
// listing of dir reports it, so a PID reused since the last pass (or
// whose number changed for any other reason) is opened and listed anew.
func (t *procTable) fdDirs(dir int, pids []int, inos []uint64) []int {
	fds := make([]int, len(pids))
	t.gen++
	for i, pid := range pids {
		fds[i] = -1
		if t.keep == 0 {
			continue
		}
		if k, ok := t.kept[pid]; ok {
			if k.ino == inos[i] {
				k.gen = t.gen
				t.kept[pid] = k
				fds[i] = k.fd
				if k.kthread {
					fds[i] = skipDir
				}
				continue
			}
			// Another process holds the PID now.
			closeKept(k)
			delete(t.kept, pid)
		}
		if len(t.kept) >= t.keep {
			continue
		}
		fd, err := t.open(dir, pid)
		if err != nil {
			continue
		}
		t.kept[pid] = keptFile{fd: fd, gen: t.gen, ino: inos[i]}
		fds[i] = fd
	}
	return fds
}

// markKernelThreads reads, once per kept process, whether each of pids
// (processes whose fd directory listed no descriptor in this pass) is a
// kernel thread, from the stat next to the kept directory, so that the
// answer is about the process the directory was opened for.
func (t *procTable) markKernelThreads(pids []int) {
	for _, pid := range pids {
		k, ok := t.kept[pid]
		if !ok || k.checked {
			continue
		}
		k.checked = true
		if k.kthread = kernelThread(k.fd); k.kthread {
			// Its inode number is all a later pass needs; a PID reused
			// since gets another one, whether the dentry stays or not.
			unix.Close(k.fd)
			k.fd = -1
		}
		t.kept[pid] = k
	}
}

// closeKept closes a kept file, if it is still open (a kernel thread's
// entry keeps none).
func closeKept(k keptFile) {
	if k.fd >= 0 {
		unix.Close(k.fd)
	}
}

// kernelThread says whether the process whose fd directory is fdDir is a
// kernel thread, by the flags in its stat (PF_KTHREAD). A process gone or
// a stat that cannot be read is not one.
func kernelThread(fdDir int) bool {
	fd, err := openat(fdDir, []byte("../stat\x00"), unix.O_RDONLY)
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	var b [maxStatBytes]byte
	n, err := unix.Read(fd, b[:])
	if err != nil || n <= 0 || n == len(b) {
		return false
	}
	st, err := parseStat(b[:n])
	return err == nil && st.flags&pfKthread != 0
}

// dropFDDirs closes the kept directories of processes not listed in the
// last pass and of those whose directory no longer lists (stale), so the
// next pass opens their PIDs anew.
func (t *procTable) dropFDDirs(stale []int) {
	for _, pid := range stale {
		if k, ok := t.kept[pid]; ok {
			closeKept(k)
			delete(t.kept, pid)
		}
	}
	for pid, k := range t.kept {
		if k.gen != t.gen {
			closeKept(k)
			delete(t.kept, pid)
		}
	}
}

// ownKept returns the descriptors this process keeps open under t's
// /proc: t's fd directories and the files of the brief scans' tables
// (stat, statm), a few hundred once both process questions were asked.
// None is a socket, so the pass need not read their links; the other
// tables are locked until unlock is called, so that none of their
// descriptors is closed, and its number reused by a socket, during the
// pass. The caller holds t.mu; tables are locked in the order of their
// file names, and a scan locks only its own table, so no two passes wait
// on each other in a cycle.
func (t *procTable) ownKept() (own map[int]bool, unlock func()) {
	procTables.Lock()
	var others []*procTable
	for _, o := range procTables.m {
		if o != t && o.proc == t.proc {
			others = append(others, o)
		}
	}
	procTables.Unlock()
	slices.SortFunc(others, func(a, b *procTable) int { return strings.Compare(a.file, b.file) })
	n := len(t.kept)
	for _, o := range others {
		o.mu.Lock()
		n += len(o.kept)
	}
	own = make(map[int]bool, n)
	for _, tb := range append(others, t) {
		for _, k := range tb.kept {
			if k.fd >= 0 {
				own[k.fd] = true
			}
		}
	}
	return own, func() {
		for _, o := range others {
			o.mu.Unlock()
		}
	}
}

// openFDDir opens <pid>/fd under proc for one pass, into the walk's path
// buffer.
func (w *ownerWalk) openFDDir(proc, pid int) (int, error) {
	w.path = strconv.AppendInt(w.path[:0], int64(pid), 10)
	w.path = append(w.path, "/fd\x00"...)
	return openat(proc, w.path, unix.O_RDONLY|unix.O_DIRECTORY)
}

// rewind moves a kept directory back to its start, so getdents lists it
// as it is now.
func rewind(fd int) error {
	for {
		_, err := unix.Seek(fd, 0, 0)
		if !errors.Is(err, unix.EINTR) {
			return err
		}
	}
}

package probes

import (
	"errors"
	"strconv"

	"golang.org/x/sys/unix"
)

// fdDirs returns, for each of pids, a kept descriptor of its <pid>/fd
// directory under dir, or -1 where the table keeps none (a test fixture,
// the bound reached, or a process that could not be opened: the walk then
// opens it itself). The table is t, a procTable of file "fd"; the caller
// holds t.mu for the whole pass, since a kept descriptor's offset is
// shared. Opening a process's fd directory costs as much as listing it, so
// on procfs the directory stays open between passes like the brief scan's
// files; it stays bound to the process it was opened for (getdents on it
// fails once that process is gone, also when its PID is reused), and it
// is re-listed afresh after a seek to its start.
func (t *procTable) fdDirs(dir int, pids []int) []int {
	fds := make([]int, len(pids))
	t.gen++
	for i, pid := range pids {
		fds[i] = -1
		if t.keep == 0 {
			continue
		}
		if k, ok := t.kept[pid]; ok {
			t.kept[pid] = keptFile{fd: k.fd, gen: t.gen}
			fds[i] = k.fd
			continue
		}
		if len(t.kept) >= t.keep {
			continue
		}
		fd, err := t.open(dir, pid)
		if err != nil {
			continue
		}
		t.kept[pid] = keptFile{fd: fd, gen: t.gen}
		fds[i] = fd
	}
	return fds
}

// dropFDDirs closes the kept directories of processes not listed in the
// last pass and of those whose directory no longer lists (stale), so the
// next pass opens their PIDs anew.
func (t *procTable) dropFDDirs(stale []int) {
	for _, pid := range stale {
		if k, ok := t.kept[pid]; ok {
			unix.Close(k.fd)
			delete(t.kept, pid)
		}
	}
	for pid, k := range t.kept {
		if k.gen != t.gen {
			unix.Close(k.fd)
			delete(t.kept, pid)
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

package probes

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// Filesystem is one row of disk_usage, a line of `df -h`.
type Filesystem struct {
	Source     string `json:"source"`
	FSType     string `json:"fstype"`
	MountPoint string `json:"mount_point"`
	SizeBytes  uint64 `json:"size_bytes"`
	UsedBytes  uint64 `json:"used_bytes"`
	AvailBytes uint64 `json:"avail_bytes"`
	// UsePercent is df's Use%: used over used+available, rounded up; -1
	// when both are zero or the numbers are missing.
	UsePercent int `json:"use_percent"`
	// Error says why the numbers are missing, e.g. a hung network mount.
	Error string `json:"error,omitempty"`
}

// volume is what df learns about a mount point: the device of the
// directory (the top one when something is mounted over it) and statfs.
type volume struct {
	dev uint64
	fs  unix.Statfs_t
}

// statVolume stats a mount point. Tests replace the real one because a
// fixture's mount points all live on the test machine's disk.
type statVolume func(path string) (volume, error)

// statHost is the real statVolume: stat for the device, statfs for usage.
func statHost(path string) (volume, error) {
	var v volume
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return v, err
	}
	v.dev = st.Dev
	err := unix.Statfs(path, &v.fs)
	return v, err
}

// statfsWait bounds the wait for one mount point, so a dead NFS server
// costs its own row, not the whole probe.
const statfsWait = 2 * time.Second

// dummyFS are the types df leaves out by default (gnulib's ME_DUMMY).
var dummyFS = map[string]bool{
	"autofs": true, "proc": true, "subfs": true, "debugfs": true, "devpts": true,
	"fusectl": true, "fuse.portal": true, "mqueue": true, "rpc_pipefs": true,
	"sysfs": true, "devfs": true, "kernfs": true, "ignore": true, "none": true,
	"rootfs": true, "binfmt_misc": true,
}

// pendingStats holds the mount points whose stat has not returned yet. A
// stat stuck on a dead server cannot be interrupted; instead of starting a
// new stuck goroutine on every run, later runs report it as still hanging.
var pendingStats = struct {
	sync.Mutex
	paths map[string]bool
}{paths: make(map[string]bool)}

var errStillHanging = errors.New("an earlier statfs of it has not answered yet")

// diskUsage returns the disk_usage probe over the given stat function.
func diskUsage(stat statVolume, wait time.Duration) Func {
	return func(ctx context.Context, env *Env) (Output, error) {
		mounts, note, err := readMounts(env.Layout.Mountinfo())
		if err != nil {
			return Output{}, err
		}
		var real []mount
		for _, m := range mounts {
			if !dummyFS[m.fstype] {
				real = append(real, m)
			}
		}
		vols, errs := statAll(ctx, stat, env.Layout, real, wait)
		if ctx.Err() != nil {
			return Output{}, ctx.Err()
		}
		rows := dfRows(real, vols, errs, wait)
		out := Output{Stdout: renderDF(rows), Data: rows}
		if note != "" {
			out.Notes = append(out.Notes, note)
		}
		return out, nil
	}
}

// statAll stats every mount point in parallel and waits until all answer,
// wait passes, or ctx ends; a mount point that did not answer has a
// context.DeadlineExceeded error. Overmounted points are stated once.
func statAll(ctx context.Context, stat statVolume, l dirs.Layout, ms []mount, wait time.Duration) ([]volume, []error) {
	vols := make([]volume, len(ms))
	errs := make([]error, len(ms))
	type answer struct {
		path string
		v    volume
		err  error
	}
	byPath := map[string][]int{}
	var paths []string
	for i, m := range ms {
		p := l.Path(m.path)
		if byPath[p] == nil {
			paths = append(paths, p)
		}
		byPath[p] = append(byPath[p], i)
	}
	set := func(path string, v volume, err error) {
		for _, i := range byPath[path] {
			vols[i], errs[i] = v, err
		}
	}
	ch := make(chan answer, len(paths)) // buffered: late answers never block
	waiting := 0
	for _, path := range paths {
		pendingStats.Lock()
		busy := pendingStats.paths[path]
		if !busy {
			pendingStats.paths[path] = true
		}
		pendingStats.Unlock()
		if busy {
			set(path, volume{}, errStillHanging)
			continue
		}
		set(path, volume{}, context.DeadlineExceeded)
		waiting++
		go func() {
			defer recovered("statfs "+path, func(err error) {
				pendingStats.Lock()
				delete(pendingStats.paths, path)
				pendingStats.Unlock()
				ch <- answer{path: path, err: err}
			})
			v, err := stat(path)
			pendingStats.Lock()
			delete(pendingStats.paths, path)
			pendingStats.Unlock()
			ch <- answer{path, v, err}
		}()
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for ; waiting > 0; waiting-- {
		select {
		case a := <-ch:
			set(a.path, a.v, a.err)
		case <-timer.C:
			return vols, errs
		case <-ctx.Done():
			return vols, errs
		}
	}
	return vols, errs
}

// dfRows keeps what df shows by default: one row per device (choosing
// among bind mounts and overmounts as df does), no filesystem without
// blocks, and no mount point that is missing or forbidden.
func dfRows(ms []mount, vols []volume, errs []error, wait time.Duration) []Filesystem {
	type pick struct {
		m   mount
		row Filesystem
	}
	var picks []pick
	byDev := map[uint64]int{}
	for i, m := range ms {
		row := Filesystem{Source: m.source, FSType: m.fstype, MountPoint: m.point, UsePercent: -1}
		err := errs[i]
		switch {
		case errors.Is(err, unix.EACCES), errors.Is(err, unix.ENOENT):
			continue
		case errors.Is(err, context.DeadlineExceeded):
			row.Error = fmt.Sprintf("statfs did not answer within %v (a hung network mount?)", wait)
		case err != nil:
			row.Error = "cannot statfs: " + err.Error()
		}
		if err != nil {
			picks = append(picks, pick{m, row})
			continue
		}
		v := vols[i]
		if v.fs.Blocks == 0 {
			continue
		}
		fillUsage(&row, &v.fs)
		j, seen := byDev[v.dev]
		if !seen {
			byDev[v.dev] = len(picks)
			picks = append(picks, pick{m, row})
			continue
		}
		old := picks[j].m
		switch {
		case isRemote(m) && isRemote(old) && old.source != m.source:
			picks = append(picks, pick{m, row})
		case strings.Contains(m.source, "/") && !strings.Contains(old.source, "/"),
			len(old.point) > len(m.point) && len(old.root) >= len(m.root),
			old.source != m.source && old.point == m.point:
			picks[j] = pick{m, row}
		}
	}
	rows := make([]Filesystem, len(picks))
	for i, p := range picks {
		rows[i] = p.row
	}
	return rows
}

func fillUsage(row *Filesystem, fs *unix.Statfs_t) {
	bs := uint64(fs.Frsize)
	if bs == 0 {
		bs = uint64(fs.Bsize)
	}
	row.SizeBytes = fs.Blocks * bs
	if fs.Bfree <= fs.Blocks {
		row.UsedBytes = (fs.Blocks - fs.Bfree) * bs
	}
	row.AvailBytes = fs.Bavail * bs
	row.UsePercent = dfPercent(row.UsedBytes, row.AvailBytes)
}

// isRemote is gnulib's ME_REMOTE: host:path sources and //server shares.
func isRemote(m mount) bool {
	return strings.Contains(m.source, ":") ||
		(strings.HasPrefix(m.source, "//") && (m.fstype == "smbfs" || m.fstype == "cifs"))
}

// renderDF prints rows like `df -h`; rows without numbers follow as the
// messages df would print on stderr.
func renderDF(rows []Filesystem) string {
	t := table{cols: []column{
		{"Filesystem", left, 14}, {"Size", right, 5}, {"Used", right, 5},
		{"Avail", right, 5}, {"Use%", right, 4}, {"Mounted on", left, 0},
	}}
	var notes []string
	for _, r := range rows {
		if r.Error != "" {
			notes = append(notes, "df: "+r.MountPoint+": "+r.Error+"\n")
			continue
		}
		pct := "-"
		if r.UsePercent >= 0 {
			pct = fmt.Sprintf("%d%%", r.UsePercent)
		}
		t.add(r.Source, dfSize(r.SizeBytes), dfSize(r.UsedBytes), dfSize(r.AvailBytes), pct, r.MountPoint)
	}
	return t.String() + strings.Join(notes, "")
}

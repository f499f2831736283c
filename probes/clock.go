package probes

import (
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// kernelClock reads the host clock of a brief listing from the kernel's
// clocks instead of generating /proc/stat, /proc/uptime and /proc/meminfo,
// which were a tenth of a brief scan: btime is REALTIME − BOOTTIME in
// whole seconds and uptime is BOOTTIME in hundredths, exactly as those
// files compute them (both within the caller's time namespace), and
// MemTotal is sysinfo's total RAM, the figure meminfo prints. It is used
// only when proc and those three files are the kernel's procfs (not a
// test fixture, nor files a container runtime such as lxcfs mounts over
// them); ok is false otherwise, and the files are read.
func kernelClock(proc string, loc *time.Location) (hostClock, bool) {
	if !clockFilesAreKernels(proc) {
		return hostClock{}, false
	}
	var real, boot unix.Timespec
	var si unix.Sysinfo_t
	if unix.ClockGettime(unix.CLOCK_REALTIME, &real) != nil || unix.ClockGettime(unix.CLOCK_BOOTTIME, &boot) != nil ||
		unix.Sysinfo(&si) != nil || si.Totalram == 0 {
		return hostClock{}, false
	}
	btime := (real.Nano() - boot.Nano()) / int64(time.Second)
	centis := boot.Sec*100 + boot.Nsec/int64(10*time.Millisecond)
	clk := hostClock{uptime: float64(centis) / 100, memKiB: uint64(si.Totalram) * uint64(si.Unit) / 1024}
	clk.boot = time.Unix(btime, 0).In(loc)
	clk.now = clk.boot.Add(time.Duration(clk.uptime * float64(time.Second)))
	return clk, true
}

// kernelClockAt remembers, by proc path, whether its clock files are
// procfs's own; mounts over them are made when a container starts.
var kernelClockAt sync.Map

func clockFilesAreKernels(proc string) bool {
	if v, ok := kernelClockAt.Load(proc); ok {
		return v.(bool)
	}
	own := true
	for _, p := range []string{proc, proc + "/stat", proc + "/uptime", proc + "/meminfo"} {
		if !onProcfs(p) {
			own = false
		}
	}
	kernelClockAt.Store(proc, own)
	return own
}

// onProcfs reports whether path, not followed if a symlink, is on procfs.
func onProcfs(path string) bool {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	var fs unix.Statfs_t
	return unix.Fstatfs(fd, &fs) == nil && fs.Type == unix.PROC_SUPER_MAGIC
}

package probes

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/procfs"
	"golang.org/x/sys/unix"
)

// Process is one row of top_memory and top_cpu, the columns of `ps aux`.
// Numbers are what ps prints, so an answer quoting them matches the
// evidence.
type Process struct {
	User string `json:"user"`
	UID  uint32 `json:"uid"`
	PID  int    `json:"pid"`
	// CPUPercent is CPU time over the time since the process started, cut
	// (not rounded) to one decimal like ps; it can exceed 100 with threads.
	CPUPercent float64 `json:"cpu_percent"`
	// MemPercent is resident memory over MemTotal, cut to one decimal.
	MemPercent float64 `json:"mem_percent"`
	VSZKiB     uint64  `json:"vsz_kib"`
	RSSKiB     uint64  `json:"rss_kib"`
	// TTY is the controlling terminal, e.g. "pts/0", or "?" for none.
	TTY string `json:"tty"`
	// Stat is ps's STAT: the state letter and the flags <, N, s, l, +
	// (not L: see psStat).
	Stat  string    `json:"stat"`
	Start time.Time `json:"start"`
	// CPUSeconds is the user+system CPU time, ps's TIME.
	CPUSeconds uint64 `json:"cpu_seconds"`
	// Command is the command line, or [name] for kernel threads.
	Command string `json:"command"`

	cpuRatio float64 // unrounded CPU share, the sort key of top_cpu
}

// A scan uses up to maxScanWorkers goroutines, one per scanBatch processes.
const (
	maxScanWorkers = 4
	scanBatch      = 32
)

// clockTicks is USER_HZ, the unit of times in /proc/<pid>/stat. The kernel
// fixes it at 100 for user space on every architecture Anna runs on.
const clockTicks = 100

func topMemory(ctx context.Context, env *Env) (Output, error) {
	procs, now, err := scanProcesses(ctx, env, time.Local)
	if err != nil {
		return Output{}, err
	}
	sortByMemory(procs)
	return Output{Stdout: renderPS(procs, now), Data: procs}, nil
}

func topCPU(ctx context.Context, env *Env) (Output, error) {
	procs, now, err := scanProcesses(ctx, env, time.Local)
	if err != nil {
		return Output{}, err
	}
	sortByCPU(procs)
	return Output{Stdout: renderPS(procs, now), Data: procs}, nil
}

// sortByMemory orders like --sort=-%mem: resident memory, largest first;
// ties by PID so that the order is stable from run to run.
func sortByMemory(procs []Process) {
	slices.SortFunc(procs, func(a, b Process) int {
		return cmp.Or(cmp.Compare(b.RSSKiB, a.RSSKiB), cmp.Compare(a.PID, b.PID))
	})
}

// sortByCPU orders like --sort=-%cpu, on the unrounded CPU share.
func sortByCPU(procs []Process) {
	slices.SortFunc(procs, func(a, b Process) int {
		return cmp.Or(cmp.Compare(b.cpuRatio, a.cpuRatio), cmp.Compare(a.PID, b.PID))
	})
}

// hostClock is what every row of a scan is measured against.
type hostClock struct {
	boot   time.Time // /proc/stat btime
	uptime float64   // seconds, /proc/uptime
	memKiB uint64    // MemTotal
	now    time.Time // boot+uptime: the kernel's idea of now, in loc
}

// scanProcesses reads every process under the layout's /proc, in PID
// order, and the kernel's idea of now (boot time plus uptime) in loc. A
// process that exits during the scan (or whose files cannot be parsed) is
// left out; only an unreadable /proc is an error.
func scanProcesses(ctx context.Context, env *Env, loc *time.Location) ([]Process, time.Time, error) {
	proc := env.Layout.Proc()
	fs, err := procfs.NewFS(proc)
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("cannot open %s: %w", proc, err)
	}
	var r procReader
	clk, err := readHostClock(&r, fs, proc, loc)
	if err != nil {
		return nil, time.Time{}, err
	}
	all, err := fs.AllProcs()
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("cannot list processes in %s: %w", proc, err)
	}
	names := userNames(env.Layout.Path("/etc/passwd"))
	pageKiB := uint64(os.Getpagesize()) / 1024
	// Reading /proc is almost all kernel time, so a scan splits the pids
	// over the CPUs; each worker has its own buffer.
	rows := make([]Process, len(all))
	found := make([]bool, len(all))
	workers := min(runtime.GOMAXPROCS(0), maxScanWorkers, len(all)/scanBatch+1)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			var r procReader
			for i := w; i < len(all); i += workers {
				if (i/workers)%scanBatch == 0 && ctx.Err() != nil {
					return
				}
				rows[i], found[i] = readProcess(&r, proc, all[i].PID, clk, names, pageKiB)
			}
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return nil, time.Time{}, ctx.Err()
	}
	procs := rows[:0]
	for i, ok := range found {
		if ok {
			procs = append(procs, rows[i])
		}
	}
	if len(procs) == 0 {
		return nil, time.Time{}, fmt.Errorf("cannot read any process in %s", proc)
	}
	slices.SortFunc(procs, func(a, b Process) int { return cmp.Compare(a.PID, b.PID) })
	return procs, clk.now, nil
}

func readHostClock(r *procReader, fs procfs.FS, proc string, loc *time.Location) (hostClock, error) {
	var clk hostClock
	stat, err := r.read(proc + "/stat")
	if err != nil {
		return clk, fmt.Errorf("cannot read %s/stat: %w", proc, err)
	}
	_, after, ok := bytes.Cut(stat, []byte("\nbtime "))
	line, _, _ := bytes.Cut(after, []byte("\n"))
	btime, err := strconv.ParseInt(string(bytes.TrimSpace(line)), 10, 64)
	if !ok || err != nil {
		return clk, fmt.Errorf("cannot read the boot time from %s/stat", proc)
	}
	up, err := r.read(proc + "/uptime")
	if err != nil {
		return clk, fmt.Errorf("cannot read %s/uptime: %w", proc, err)
	}
	f := bytes.Fields(up)
	if len(f) == 0 {
		return clk, fmt.Errorf("cannot read %s/uptime: it is empty", proc)
	}
	if clk.uptime, err = strconv.ParseFloat(string(f[0]), 64); err != nil {
		return clk, fmt.Errorf("cannot read %s/uptime: %w", proc, err)
	}
	mi, err := fs.Meminfo()
	if err != nil || mi.MemTotal == nil || *mi.MemTotal == 0 {
		return clk, fmt.Errorf("cannot read MemTotal from %s/meminfo: %v", proc, err)
	}
	clk.memKiB = *mi.MemTotal
	clk.boot = time.Unix(btime, 0).In(loc)
	clk.now = clk.boot.Add(time.Duration(clk.uptime * float64(time.Second)))
	return clk, nil
}

// readProcess reads one process; ok is false when it is gone or its files
// make no sense. The owner is that of the /proc/<pid> directory, which the
// kernel keeps equal to the effective uid (unlike the files inside, which
// turn root-owned when a process is not dumpable); ps's USER is that uid.
// Kernel threads always run as root and have no command line, so for them
// only the stat file is read.
func readProcess(r *procReader, proc string, pid int, clk hostClock, names map[uint32]string, pageKiB uint64) (Process, bool) {
	dir := proc + "/" + strconv.Itoa(pid)
	raw, err := r.read(dir + "/stat")
	if err != nil {
		return Process{}, false
	}
	st, err := parseStat(raw)
	if err != nil {
		return Process{}, false
	}
	var uid uint32
	var cmdline string
	if st.flags&pfKthread == 0 {
		var fi unix.Stat_t
		if unix.Stat(dir, &fi) != nil {
			return Process{}, false
		}
		uid = fi.Uid
		if raw, err = r.read(dir + "/cmdline"); err != nil {
			return Process{}, false
		}
		cmdline = commandLine(raw)
	}
	ticks := st.utime + st.stime
	rssKiB := st.rss * pageKiB
	row := Process{
		User:       userName(names, uid),
		UID:        uid,
		PID:        pid,
		VSZKiB:     st.vsize / 1024,
		RSSKiB:     rssKiB,
		TTY:        ttyName(st.tty),
		Stat:       psStat(st.state, st.nice, pid == st.session, st.threads, st.tpgd == st.pgrp),
		Start:      clk.boot.Add(time.Duration(st.starttime) * time.Second / clockTicks),
		CPUSeconds: ticks / clockTicks,
		Command:    psCommand(cmdline, st.comm, st.state),
	}
	// ps: permille = cpu-time*1000/elapsed, with elapsed in whole seconds,
	// printed without decimals from 100% up.
	if el := clk.uptime - float64(st.starttime)/clockTicks; el >= 1 {
		permille := ticks * 1000 / clockTicks / uint64(el)
		if permille > 999 {
			permille -= permille % 10
		}
		row.CPUPercent = float64(permille) / 10
		row.cpuRatio = float64(ticks) / clockTicks / el
	}
	row.MemPercent = float64(rssKiB*1000/clk.memKiB) / 10
	return row, true
}

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
	"sync/atomic"
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

// maxProcessRows bounds top_memory and top_cpu: like top, they list the
// processes that use the most, not all of them, so the size of the answer
// does not grow with the process table.
const maxProcessRows = 50

// maxStatBytes bounds /proc/<pid>/stat: 52 numbers and a comm of at most
// 64 bytes fit in well under a kilobyte.
const maxStatBytes = 4096

// clockTicks is USER_HZ, the unit of times in /proc/<pid>/stat. The kernel
// fixes it at 100 for user space on every architecture Anna runs on.
const clockTicks = 100

func topMemory(ctx context.Context, env *Env) (Output, error) {
	return topProcesses(ctx, env, byMemory)
}

func topCPU(ctx context.Context, env *Env) (Output, error) {
	return topProcesses(ctx, env, byCPU)
}

// topProcesses lists the maxProcessRows processes first in order.
func topProcesses(ctx context.Context, env *Env, order func(a, b Process) int) (Output, error) {
	procs, total, now, err := scanProcesses(ctx, env, time.Local, order, maxProcessRows, readStatRow)
	if err != nil {
		return Output{}, err
	}
	out := Output{Stdout: renderPS(procs, now), Data: procs}
	if total > len(procs) {
		out.Notes = append(out.Notes, fmt.Sprintf("listed the %d processes that use the most, of %d", len(procs), total))
	}
	return out, nil
}

// byMemory orders like --sort=-%mem: resident memory, largest first; ties
// by PID so that the order is stable from run to run.
func byMemory(a, b Process) int {
	return cmp.Or(cmp.Compare(b.RSSKiB, a.RSSKiB), cmp.Compare(a.PID, b.PID))
}

// byCPU orders like --sort=-%cpu, on the unrounded CPU share.
func byCPU(a, b Process) int {
	return cmp.Or(cmp.Compare(b.cpuRatio, a.cpuRatio), cmp.Compare(a.PID, b.PID))
}

// hostClock is what every row of a scan is measured against.
type hostClock struct {
	boot   time.Time // /proc/stat btime
	uptime float64   // seconds, /proc/uptime
	memKiB uint64    // MemTotal
	now    time.Time // boot+uptime: the kernel's idea of now, in loc
}

// procRow is a process as its stat file shows it, before its owner and
// command line are read.
type procRow struct {
	Process
	comm, state string
	kthread     bool
}

// statReader reads the stat file of one process into a row; ok is false
// when the process is gone or the file makes no sense. Tests inject one
// that panics.
type statReader func(r *procReader, proc string, pid int, clk hostClock, pageKiB uint64) (procRow, bool)

// scanProcesses returns the first limit processes under the layout's /proc
// in order, how many processes it read, and the kernel's idea of now (boot
// time plus uptime) in loc. Every stat file is read, by up to
// maxScanWorkers goroutines; owners and command lines only for the rows
// kept, so the work and memory spent on command lines do not grow with
// the process table. A process that exits during the scan is left out;
// only an unreadable /proc is an error, and a panic in a worker becomes
// one.
func scanProcesses(ctx context.Context, env *Env, loc *time.Location, order func(a, b Process) int,
	limit int, read statReader) ([]Process, int, time.Time, error) {
	proc := env.Layout.Proc()
	fs, err := procfs.NewFS(proc)
	if err != nil {
		return nil, 0, time.Time{}, fmt.Errorf("cannot open %s: %w", proc, err)
	}
	clk, err := readHostClock(proc, loc)
	if err != nil {
		return nil, 0, time.Time{}, err
	}
	all, err := fs.AllProcs()
	if err != nil {
		return nil, 0, time.Time{}, fmt.Errorf("cannot list processes in %s: %w", proc, err)
	}
	pageKiB := uint64(os.Getpagesize()) / 1024
	// Reading /proc is almost all kernel time, so a scan splits the pids
	// over the CPUs; each worker has its own buffer.
	rows := make([]procRow, len(all))
	found := make([]bool, len(all))
	workers := min(runtime.GOMAXPROCS(0), maxScanWorkers, len(all)/scanBatch+1)
	var failed atomic.Pointer[error]
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			defer recovered("read the process table", func(err error) { failed.CompareAndSwap(nil, &err) })
			var r procReader
			for i := w; i < len(all); i += workers {
				if (i/workers)%scanBatch == 0 && ctx.Err() != nil {
					return
				}
				rows[i], found[i] = read(&r, proc, all[i].PID, clk, pageKiB)
			}
		})
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		return nil, 0, time.Time{}, *err
	}
	if ctx.Err() != nil {
		return nil, 0, time.Time{}, ctx.Err()
	}
	live := rows[:0]
	for i, ok := range found {
		if ok {
			live = append(live, rows[i])
		}
	}
	slices.SortFunc(live, func(a, b procRow) int { return order(a.Process, b.Process) })
	names := userNames(env.Layout.Path("/etc/passwd"))
	var r procReader
	procs := make([]Process, 0, min(limit, len(live)))
	for i := 0; i < len(live) && len(procs) < limit; i++ {
		if i%scanBatch == 0 && ctx.Err() != nil {
			return nil, 0, time.Time{}, ctx.Err()
		}
		if p, ok := finishRow(&r, proc, live[i], names); ok {
			procs = append(procs, p)
		}
	}
	if len(procs) == 0 {
		return nil, 0, time.Time{}, fmt.Errorf("cannot read any process in %s", proc)
	}
	return procs, len(live), clk.now, nil
}

// finishRow adds the owner and the command line to a row; ok is false
// when the process has gone. The owner is that of the /proc/<pid>
// directory, which the kernel keeps equal to the effective uid (unlike the
// files inside, which turn root-owned when a process is not dumpable); ps's
// USER is that uid. Kernel threads always run as root and have no command
// line.
func finishRow(r *procReader, proc string, row procRow, names map[uint32]string) (Process, bool) {
	p := row.Process
	var cmdline string
	if !row.kthread {
		dir := proc + "/" + strconv.Itoa(p.PID)
		var fi unix.Stat_t
		if unix.Stat(dir, &fi) != nil {
			return Process{}, false
		}
		p.UID = fi.Uid
		raw, cut, err := r.read(dir+"/cmdline", maxCmdlineRead)
		if err != nil {
			return Process{}, false
		}
		cmdline = commandLine(raw, cut)
	}
	p.User = userName(names, p.UID)
	p.Command = psCommand(cmdline, row.comm, row.state)
	return p, true
}

func readHostClock(proc string, loc *time.Location) (hostClock, error) {
	var clk hostClock
	stat, err := readWhole(proc+"/stat", maxTableBytes)
	if err != nil {
		return clk, fmt.Errorf("cannot read %s/stat: %w", proc, err)
	}
	btime, ok := tableValue(stat, "btime ")
	if !ok {
		return clk, fmt.Errorf("cannot read the boot time from %s/stat", proc)
	}
	up, err := readWhole(proc+"/uptime", maxAttrBytes)
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
	mi, err := readWhole(proc+"/meminfo", maxTableBytes)
	if err != nil {
		return clk, fmt.Errorf("cannot read %s/meminfo: %w", proc, err)
	}
	if clk.memKiB, ok = tableValue(mi, "MemTotal:"); !ok || clk.memKiB == 0 {
		return clk, fmt.Errorf("cannot read MemTotal from %s/meminfo", proc)
	}
	clk.boot = time.Unix(int64(btime), 0).In(loc)
	clk.now = clk.boot.Add(time.Duration(clk.uptime * float64(time.Second)))
	return clk, nil
}

// tableValue is the number after key at the start of a line of a procfs
// table ("btime 1700000000", "MemTotal:  8000000 kB").
func tableValue(table []byte, key string) (uint64, bool) {
	i := 0
	if !bytes.HasPrefix(table, []byte(key)) {
		if i = bytes.Index(table, []byte("\n"+key)); i < 0 {
			return 0, false
		}
		i++
	}
	line, _, _ := bytes.Cut(table[i+len(key):], []byte("\n"))
	f := bytes.Fields(line)
	if len(f) == 0 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(f[0]), 10, 64)
	return n, err == nil
}

// readStatRow reads one process's stat file; ok is false when it is gone
// or its file makes no sense.
func readStatRow(r *procReader, proc string, pid int, clk hostClock, pageKiB uint64) (procRow, bool) {
	raw, _, err := r.read(proc+"/"+strconv.Itoa(pid)+"/stat", maxStatBytes)
	if err != nil {
		return procRow{}, false
	}
	return statRow(raw, pid, clk, pageKiB)
}

// statRow is the row of pid from its stat line raw.
func statRow(raw []byte, pid int, clk hostClock, pageKiB uint64) (procRow, bool) {
	st, err := parseStat(raw)
	if err != nil {
		return procRow{}, false
	}
	ticks := st.utime + st.stime
	rssKiB := st.rss * pageKiB
	row := Process{
		PID:        pid,
		VSZKiB:     st.vsize / 1024,
		RSSKiB:     rssKiB,
		TTY:        ttyName(st.tty),
		Stat:       psStat(st.state, st.nice, pid == st.session, st.threads, st.tpgd == st.pgrp),
		Start:      clk.boot.Add(time.Duration(st.starttime) * time.Second / clockTicks),
		CPUSeconds: ticks / clockTicks,
	}
	row.CPUPercent, row.cpuRatio = cpuShare(ticks, st.starttime, clk.uptime)
	row.MemPercent = float64(rssKiB*1000/clk.memKiB) / 10
	return procRow{Process: row, comm: st.comm, state: st.state, kthread: st.flags&pfKthread != 0}, true
}

// cpuShare is ps's %CPU of a process that used ticks of CPU time since it
// started at starttime (clock ticks after boot), and the unrounded share
// top_cpu sorts on; both are 0 in its first second. ps: permille =
// cpu-time*1000/elapsed, with elapsed in whole seconds, printed without
// decimals from 100% up.
func cpuShare(ticks, starttime uint64, uptime float64) (pct, ratio float64) {
	el := uptime - float64(starttime)/clockTicks
	if el < 1 {
		return 0, 0
	}
	permille := ticks * 1000 / clockTicks / uint64(el)
	if permille > 999 {
		permille -= permille % 10
	}
	return float64(permille) / 10, float64(ticks) / clockTicks / el
}

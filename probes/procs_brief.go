package probes

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"time"
)

// BriefRows is how many rows the brief forms of top_memory and top_cpu
// list (Spec.Brief): the brain quotes the first, and a few more show where
// it stands.
const BriefRows = 5

// topMemoryBrief ranks every process by the resident size in its statm,
// the cheapest file that has it.
func topMemoryBrief(ctx context.Context, env *Env) (Output, error) {
	return briefProcesses(ctx, env, "statm", rankMemory, byMemory)
}

// topCPUBrief ranks every process by the CPU share its stat gives.
func topCPUBrief(ctx context.Context, env *Env) (Output, error) {
	return briefProcesses(ctx, env, "stat", rankCPU, byCPU)
}

// rankFunc is the sort key of a process from the content of its file,
// larger first; ok is false when the content makes no sense.
type rankFunc func(content []byte, clk hostClock) (key float64, ok bool)

// candidate is a process in the running for a brief listing, and the
// content of its stat when that is the file ranked.
type candidate struct {
	pid  int
	key  float64
	stat []byte
}

// briefProcesses lists the BriefRows processes first in order, like
// topProcesses and in the same format, at a fraction of its cost: it reads
// one small file per process through a procTable (no allocation per
// process, descriptors kept between scans on procfs), keeps the best
// BriefRows by rank as it goes, and reads stat, owner and command line
// only for those (top_cpu ranks by stat: its rows are the very lines it
// ranked, read once). The rows are then ordered by what their stat says,
// as the full listing orders them.
func briefProcesses(ctx context.Context, env *Env, file string, rank rankFunc, order func(a, b Process) int) (Output, error) {
	proc := env.Layout.Proc()
	clk, ok := kernelClock(proc, time.Local)
	if !ok {
		var err error
		if clk, err = readHostClock(proc, time.Local); err != nil {
			return Output{}, err
		}
	}
	var best [BriefRows]candidate
	// bufs hold the stat lines of the candidates, one more than kept so
	// that an entering line never overwrites one still in the running.
	var bufs [BriefRows + 1][]byte
	kept := 0
	total, err := procTableFor(proc, file).scan(ctx, func(pid int, content []byte) {
		key, ok := rank(content, clk)
		if !ok {
			return
		}
		c := candidate{pid: pid, key: key}
		i := kept
		for i > 0 && before(c, best[i-1]) {
			i--
		}
		if i >= len(best) {
			return
		}
		if file == "stat" {
			c.stat = freeBuf(&bufs, best[:kept], content)
		}
		copy(best[i+1:], best[i:min(kept, len(best)-1)])
		best[i] = c
		kept = min(kept+1, len(best))
	})
	if err != nil {
		return Output{}, err
	}
	pageKiB := uint64(os.Getpagesize()) / 1024
	names := userNames(env.Layout.Path("/etc/passwd"))
	var r procReader
	procs := make([]Process, 0, kept)
	for _, c := range best[:kept] {
		var row procRow
		var ok bool
		if c.stat != nil {
			row, ok = statRow(c.stat, c.pid, clk, pageKiB)
		} else {
			row, ok = readStatRow(&r, proc, c.pid, clk, pageKiB)
		}
		if !ok {
			continue
		}
		if p, ok := finishRow(&r, proc, row, names); ok {
			procs = append(procs, p)
		}
	}
	if len(procs) == 0 {
		return Output{}, fmt.Errorf("cannot read any process in %s", proc)
	}
	slices.SortFunc(procs, order)
	out := Output{Stdout: renderPS(procs, clk.now), Data: procs}
	if total > len(procs) {
		out.Notes = append(out.Notes, fmt.Sprintf("listed the %d processes that use the most, of %d", len(procs), total))
	}
	return out, nil
}

// freeBuf copies content into the one of bufs no candidate in best holds
// (one is always free: there is a buffer more than candidates) and
// returns the copy.
func freeBuf(bufs *[BriefRows + 1][]byte, best []candidate, content []byte) []byte {
	for i := range bufs {
		held := bufs[i] != nil && slices.ContainsFunc(best, func(c candidate) bool {
			return len(c.stat) > 0 && &c.stat[0] == &bufs[i][0]
		})
		if !held {
			bufs[i] = append(bufs[i][:0], content...)
			return bufs[i]
		}
	}
	panic("probes: no free stat buffer")
}

// before orders candidates like byMemory and byCPU: larger key first,
// ties by PID.
func before(a, b candidate) bool {
	return a.key > b.key || a.key == b.key && a.pid < b.pid
}

// rankMemory is the resident size in pages, statm's second field.
func rankMemory(content []byte, _ hostClock) (float64, bool) {
	_, rest, ok := bytes.Cut(content, []byte{' '})
	field, _, _ := bytes.Cut(rest, []byte{' '})
	n, err := strconv.ParseUint(string(field), 10, 64)
	return float64(n), ok && err == nil
}

// rankCPU is the unrounded CPU share of a stat line, the key of byCPU.
func rankCPU(content []byte, clk hostClock) (float64, bool) {
	r := bytes.LastIndexByte(content, ')')
	if r < 0 || r+2 > len(content) {
		return 0, false
	}
	rest := content[r+2:]
	var ticks uint64
	// Field numbers follow proc(5): 14 and 15 are utime and stime, 22 the
	// start time.
	for field := 3; len(rest) > 0; field++ {
		tok := rest
		if i := bytes.IndexByte(rest, ' '); i >= 0 {
			tok, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		switch field {
		case 14, 15:
			ticks += atou(tok)
		case 22:
			_, ratio := cpuShare(ticks, atou(tok), clk.uptime)
			return ratio, true
		}
	}
	return 0, false
}

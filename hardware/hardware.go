// Package hardware takes the snapshot annad grounds its answers in (CPU,
// cores, threads, RAM, GPUs and their VRAM) and chooses the LLM from the
// spec's selection table. Every fact comes from procfs, sysfs or the NVIDIA
// driver; a source that is absent yields no data rather than a guess.
package hardware

import (
	"context"
	"fmt"
	"os/exec"
	"time"

	"github.com/prometheus/procfs"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Runner runs a program with a fixed argument vector and returns its
// standard output. It must stop when ctx is done.
type Runner func(ctx context.Context, name string, args ...string) ([]byte, error)

// DefaultCommandTimeout bounds nvidia-smi, which can hang for seconds while
// the driver wakes a GPU from runtime suspend.
const DefaultCommandTimeout = 2 * time.Second

// Option adjusts how Take gathers facts.
type Option func(*options)

type options struct {
	run     Runner
	timeout time.Duration
}

// WithRunner replaces the program runner, so tests can script nvidia-smi.
func WithRunner(r Runner) Option { return func(o *options) { o.run = r } }

// WithCommandTimeout replaces DefaultCommandTimeout for external programs;
// d <= 0 keeps the default.
func WithCommandTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.timeout = d
		}
	}
}

// Take reads a hardware snapshot under the layout l. Missing GPU sources
// mean no GPU or no VRAM figure; an unreadable /proc/cpuinfo or
// /proc/meminfo is an error because every answer depends on them.
//
// GPUs are the PCI devices behind /sys/class/drm/cardN plus NVIDIA GPUs
// known only to the NVIDIA driver, in card order. nvidia-smi runs only when
// an NVIDIA GPU is present. An integrated GPU (Intel at 0000:00:02.0, or an
// AMD GPU reporting under 1 GiB, i.e. an APU carve-out) gets VRAMBytes 0,
// Integrated set and a Source that states the carve-out: shared system RAM
// is not VRAM. Cores is 0 when neither cpuinfo nor sysfs
// describes the topology.
func Take(ctx context.Context, l dirs.Layout, opts ...Option) (rpc.Hardware, error) {
	o := options{run: ExecRunner, timeout: DefaultCommandTimeout}
	for _, opt := range opts {
		opt(&o)
	}
	if err := ctx.Err(); err != nil {
		return rpc.Hardware{}, fmt.Errorf("cannot take a hardware snapshot: %w", err)
	}
	var hw rpc.Hardware
	cpu, err := readCPU(l)
	if err != nil {
		return rpc.Hardware{}, err
	}
	hw.CPUModel, hw.Cores, hw.Threads = cpu.model, cpu.cores, cpu.threads

	hw.RAMTotalBytes, hw.RAMAvailableBytes, err = readMemory(l)
	if err != nil {
		return rpc.Hardware{}, err
	}
	hw.GPUs, err = readGPUs(ctx, l, o)
	if err != nil {
		return rpc.Hardware{}, err
	}
	return hw, nil
}

// readMemory uses procfs because its meminfo parser is arch-independent and
// converts kB to bytes for us.
func readMemory(l dirs.Layout) (total, available uint64, err error) {
	fs, err := procfs.NewFS(l.Proc())
	if err != nil {
		return 0, 0, fmt.Errorf("cannot open procfs at %s: %w", l.Proc(), err)
	}
	mi, err := fs.Meminfo()
	if err != nil {
		return 0, 0, fmt.Errorf("cannot read %s/meminfo: %w", l.Proc(), err)
	}
	if mi.MemTotalBytes == nil || *mi.MemTotalBytes == 0 {
		return 0, 0, fmt.Errorf("cannot read %s/meminfo: no MemTotal", l.Proc())
	}
	total = *mi.MemTotalBytes
	// MemAvailable exists since Linux 3.14; older kernels leave it unknown (0).
	if mi.MemAvailableBytes != nil {
		available = *mi.MemAvailableBytes
	}
	return total, available, nil
}

// ExecRunner is the production Runner: it finds name on PATH and runs it
// without a shell. A program that is not installed yields an error
// wrapping exec.ErrNotFound.
func ExecRunner(ctx context.Context, name string, args ...string) ([]byte, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, path, args...)
	// A killed nvidia-smi may leave a helper holding stdout open; do not
	// wait for it past the deadline.
	cmd.WaitDelay = 200 * time.Millisecond
	out, err := cmd.Output()
	if err != nil && ctx.Err() != nil {
		// The kill shows up as "signal: killed"; the deadline is the cause.
		return nil, fmt.Errorf("cannot run %s: %w", name, ctx.Err())
	}
	if err != nil {
		return nil, fmt.Errorf("cannot run %s: %w%s", name, err, stderrLine(err))
	}
	return out, nil
}

// stderrLine returns the first line of a failed program's stderr, which is
// where nvidia-smi explains itself ("couldn't communicate with the driver").
func stderrLine(err error) string {
	ee, ok := err.(*exec.ExitError)
	if !ok || len(ee.Stderr) == 0 {
		return ""
	}
	return ": " + firstLine(string(ee.Stderr))
}

package probes

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// Each host probe against the command it stands in for, on this machine:
// BenchmarkX/native runs the probe function (no cache), BenchmarkX/exec
// runs the command with a fixed argv and reads its output. Besides wall
// time each reports cpu-ns/op, the CPU time (user+system, children
// included) per run, which stays meaningful on a busy machine.

func BenchmarkTopMemory(b *testing.B)    { benchProbe(b, TopMemory, "ps", "aux", "--sort=-%mem") }
func BenchmarkTopCPU(b *testing.B)       { benchProbe(b, TopCPU, "ps", "aux", "--sort=-%cpu") }
func BenchmarkCPUInfo(b *testing.B)      { benchProbe(b, CPUInfo, "lscpu") }
func BenchmarkMemoryInfo(b *testing.B)   { benchProbe(b, MemoryInfo, "free", "-h") }
func BenchmarkDiskUsage(b *testing.B)    { benchProbe(b, DiskUsage, "df", "-h") }
func BenchmarkBlockDevices(b *testing.B) { benchProbe(b, BlockDevices, "lsblk") }

func benchProbe(b *testing.B, id string, argv ...string) {
	spec, ok := Lookup(id)
	if !ok {
		b.Fatalf("%s is not registered", id)
	}
	env := &Env{Layout: dirs.Host}
	b.Run("native", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b, cpuTime())
		for b.Loop() {
			ctx, cancel := context.WithTimeout(context.Background(), PerProbeTimeout)
			out, err := spec.Run(ctx, env)
			cancel()
			if err != nil || out.Stdout == "" {
				b.Fatalf("%s: %v", id, err)
			}
		}
	})
	b.Run("exec", func(b *testing.B) {
		if _, err := exec.LookPath(argv[0]); err != nil {
			b.Skipf("%s is not installed", argv[0])
		}
		b.ReportAllocs()
		defer reportCPU(b, cpuTime())
		for b.Loop() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			out, err := exec.CommandContext(ctx, argv[0], argv[1:]...).Output()
			cancel()
			if err != nil || len(out) == 0 {
				b.Fatalf("%v: %v", argv, err)
			}
		}
	})
}

// cpuTime is the CPU time used so far by this process and its waited-for
// children.
func cpuTime() time.Duration {
	var self, kids unix.Rusage
	_ = unix.Getrusage(unix.RUSAGE_SELF, &self)
	_ = unix.Getrusage(unix.RUSAGE_CHILDREN, &kids)
	var total time.Duration
	for _, tv := range []unix.Timeval{self.Utime, self.Stime, kids.Utime, kids.Stime} {
		total += time.Duration(tv.Nano())
	}
	return total
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

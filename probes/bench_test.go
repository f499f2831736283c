package probes

import (
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

// benchProbe compares a host probe with the command it stands for.
func benchProbe(b *testing.B, id string, argv ...string) {
	benchSystemProbe(b, id, &Env{Layout: dirs.Host}, argv...)
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

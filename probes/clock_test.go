package probes

import (
	"math"
	"testing"
	"time"
)

// The kernel's clocks give the figures the clock files print: the same
// boot time and total RAM, and an uptime read at about the same moment.
func TestKernelClockMatchesTheFiles(t *testing.T) {
	got, ok := kernelClock("/proc", time.UTC)
	if !ok {
		t.Skip("no procfs of its own at /proc")
	}
	want, err := readHostClock("/proc", time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	if d := got.boot.Sub(want.boot); d < -time.Second || d > time.Second {
		t.Errorf("boot time %v, /proc/stat says %v", got.boot, want.boot)
	}
	if got.memKiB != want.memKiB {
		t.Errorf("total RAM %d KiB, /proc/meminfo says %d KiB", got.memKiB, want.memKiB)
	}
	// The files are read after the clocks: uptime can only have grown,
	// and a generous bound guards against a clock that is not BOOTTIME.
	if d := want.uptime - got.uptime; d < 0 || d > 60 || math.IsNaN(d) {
		t.Errorf("uptime %.2f s, /proc/uptime says %.2f s", got.uptime, want.uptime)
	}
}

// A fixture /proc is not procfs: its files are read.
func TestKernelClockNotForFixtures(t *testing.T) {
	if _, ok := kernelClock(t.TempDir(), time.UTC); ok {
		t.Error("a directory that is not procfs took the kernel's clocks")
	}
}

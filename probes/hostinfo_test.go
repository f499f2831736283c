package probes

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

func TestCPUInfoFixture(t *testing.T) {
	env := hostFixture(t)
	out, err := cpuInfo(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	d := out.Data.(CPUDetails)
	var uts unix.Utsname
	if err := unix.Uname(&uts); err != nil {
		t.Fatal(err)
	}
	want := CPUDetails{
		Architecture: unix.ByteSliceToString(uts.Machine[:]), CPUs: 4, OnlineCPUs: "0-3",
		VendorID: "GenuineIntel", ModelName: "Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz",
		Family: "6", Model: "142", Stepping: "10", AddressSizes: "39 bits physical, 48 bits virtual",
		ThreadsPerCore: 2, CoresPerSocket: 2, Sockets: 1,
		MHz: 1992, MaxMHz: 4000, MinMHz: 400, BogoMIPS: 3999.93, Virtualization: "VT-x",
		Caches: []CPUCache{
			{Name: "L1d", SizeBytes: 64 << 10, Instances: 2},
			{Name: "L1i", SizeBytes: 64 << 10, Instances: 2},
			{Name: "L2", SizeBytes: 512 << 10, Instances: 2},
			{Name: "L3", SizeBytes: 8 << 20, Instances: 1},
		},
		Flags: strings.Fields("fpu vme de pse tsc msr lm vmx sse4_2 avx2"),
	}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("got  %+v\nwant %+v", d, want)
	}
	for _, line := range []string{
		"Model name:          Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz\n",
		"Thread(s) per core:  2\n",
		"CPU max MHz:         4000.0000\n",
		"Virtualization:      VT-x\n",
		"L2 cache:            512 KiB (2 instances)\n",
		"L3 cache:            8 MiB (1 instance)\n",
	} {
		if !strings.Contains(out.Stdout, line) {
			t.Errorf("stdout lacks %q:\n%s", line, out.Stdout)
		}
	}
	if strings.Contains(out.Stdout, "Virtualization type") {
		t.Errorf("a host without the hypervisor flag is not a VM:\n%s", out.Stdout)
	}
}

func TestCPUInfoWithoutSysfsFallsBackToCPUInfo(t *testing.T) {
	env := hostFixtureCopy(t)
	if err := os.RemoveAll(env.Layout.Sys()); err != nil {
		t.Fatal(err)
	}
	out, err := cpuInfo(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	d := out.Data.(CPUDetails)
	if d.Sockets != 1 || d.CoresPerSocket != 2 || d.ThreadsPerCore != 2 || d.Caches != nil || d.OnlineCPUs != "" {
		t.Errorf("from /proc/cpuinfo alone: %+v", d)
	}
	if err := os.Remove(filepath.Join(env.Layout.Proc(), "cpuinfo")); err != nil {
		t.Fatal(err)
	}
	if _, err := cpuInfo(context.Background(), env); err == nil || !strings.HasPrefix(err.Error(), "cannot read ") {
		t.Errorf("without /proc/cpuinfo: err = %v", err)
	}
}

func TestCPUList(t *testing.T) {
	for in, want := range map[string]string{"0-1": "0,1", "0-3": "0-3", "0,2-4,7-8": "0,2-4,7,8", "5": "5"} {
		ids, err := parseCPUList(in)
		if err != nil || formatCPUList(ids) != want {
			t.Errorf("%q → %q, %v; want %q", in, formatCPUList(ids), err, want)
		}
	}
	if _, err := parseCPUList("3-1"); err == nil {
		t.Error("a descending range parsed")
	}
}

func TestMemoryInfoFixture(t *testing.T) {
	out, err := memoryInfo(context.Background(), hostFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	const k = 1024
	want := Memory{
		TotalBytes: 16000000 * k, UsedBytes: 7000000 * k, FreeBytes: 4000000 * k, SharedBytes: 300000 * k,
		BuffersBytes: 500000 * k, CacheBytes: 5400000 * k, BuffCacheBytes: 5900000 * k, AvailableBytes: 9000000 * k,
		SwapTotalBytes: 2097148 * k, SwapUsedBytes: 97148 * k, SwapFreeBytes: 2000000 * k,
	}
	if got := out.Data.(Memory); got != want {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	wantOut := "" +
		"               total        used        free      shared  buff/cache   available\n" +
		"Mem:            15Gi       6.7Gi       3.8Gi       292Mi       5.6Gi       8.6Gi\n" +
		"Swap:          2.0Gi        94Mi       1.9Gi\n"
	if out.Stdout != wantOut {
		t.Errorf("got:\n%s\nwant:\n%s", out.Stdout, wantOut)
	}
}

func TestMemoryInfoNeedsMemTotal(t *testing.T) {
	env := hostFixtureCopy(t)
	if err := os.WriteFile(filepath.Join(env.Layout.Proc(), "meminfo"), []byte("SwapTotal: 0 kB\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := memoryInfo(context.Background(), env); err == nil || !strings.Contains(err.Error(), "MemTotal") {
		t.Errorf("err = %v, want one naming MemTotal", err)
	}
}

func TestSizeFormats(t *testing.T) {
	const (
		ki = uint64(1) << 10
		mi = ki << 10
		gi = mi << 10
		ti = gi << 10
	)
	df := map[uint64]string{
		0: "0", 1023: "1023", 4 * ki: "4.0K", 4*ki + 1: "4.1K", 10 * ki: "10K", 10*ki - 1: "10K",
		9*gi + 9*gi/10: "9.9G", 252*gi + 1: "253G", 1024*gi - 1: "1.0T", 5 * ti: "5.0T",
	}
	for n, want := range df {
		if got := dfSize(n); got != want {
			t.Errorf("dfSize(%d) = %q, want %q", n, got, want)
		}
	}
	free := map[uint64]string{
		0: "0B", 999: "999B", 1000: "1.0Ki", 10000: "9.8Ki", 9017753: "8.6Mi",
		23 * gi: "23Gi", 419 * mi: "419Mi", 1536 * mi: "1.5Gi",
	}
	for n, want := range free {
		if got := freeSize(n); got != want {
			t.Errorf("freeSize(%d) = %q, want %q", n, got, want)
		}
	}
	blk := map[uint64]string{
		0: "0B", 512: "512B", ki: "1K", 256 * gi: "256G", 1536 * mi: "1.5G",
		gi + 30*mi: "1G", 500118192 * 512: "238.5G", 1024*mi - 1: "1023.10M",
	}
	for n, want := range blk {
		if got := blockSize(n, false); got != want {
			t.Errorf("blockSize(%d) = %q, want %q", n, got, want)
		}
	}
	if got := blockSize(64*ki, true); got != "64 KiB" {
		t.Errorf("lscpu form of 64 KiB = %q", got)
	}
	if dfPercent(15, 85) != 15 || dfPercent(1, 299) != 1 || dfPercent(0, 0) != -1 {
		t.Errorf("dfPercent: %d %d %d", dfPercent(15, 85), dfPercent(1, 299), dfPercent(0, 0))
	}
}

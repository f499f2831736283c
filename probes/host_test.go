package probes

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// These tests run the host probes on the machine running the tests and,
// where the familiar command is installed, compare what both print for the
// values that do not move between two reads.

var hostIDs = []string{TopMemory, TopCPU, CPUInfo, MemoryInfo, DiskUsage, BlockDevices}

// hasSysBlock says whether this host shows /sys/block, which block_devices
// reads; a container or user namespace without sysfs does not, and there the
// probe rightly fails.
func hasSysBlock(t *testing.T) bool {
	t.Helper()
	if _, err := os.Stat(dirs.Host.Sys() + "/block"); err != nil {
		t.Logf("not testing %s: %v", BlockDevices, err)
		return false
	}
	return true
}

// hostRunner is a runner over this host whose deadlines only guard
// against a hang: these tests check what the probes read, and a loaded
// machine (a CPU burner beside -race) can take longer than the spec's 4 s
// to walk /proc. The spec's deadlines are tested with probes of known speed
// in runner_test.go.
func hostRunner() *Runner {
	r := NewRunner(&Env{Layout: dirs.Host})
	r.perProbe, r.total = 2*time.Minute, 2*time.Minute
	return r
}

func runHost(t *testing.T, id string) (string, any) {
	t.Helper()
	res, err := hostRunner().Run(context.Background(), id)
	// Stderr holds notes when a bound left something out, and only then.
	if err != nil || res.ExitCode != ExitOK || (res.Stderr != "") != res.Truncated || res.Stdout == "" {
		t.Fatalf("%s on this host: %+v, %v", id, res, err)
	}
	return res.Stdout, res.Data
}

// hostCommand runs a command of the allowlist and returns its output lines,
// skipping the test when it is not installed.
func hostCommand(t *testing.T, argv ...string) []string {
	t.Helper()
	if _, err := exec.LookPath(argv[0]); err != nil {
		t.Skipf("%s is not installed", argv[0])
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, argv[0], argv[1:]...).Output()
	if err != nil {
		t.Fatalf("%v: %v", argv, err)
	}
	return strings.Split(strings.TrimRight(string(out), "\n"), "\n")
}

func TestHostProcesses(t *testing.T) {
	for _, id := range []string{TopMemory, TopCPU} {
		_, data := runHost(t, id)
		procs := data.([]Process)
		if len(procs) == 0 || len(procs) > maxProcessRows {
			t.Fatalf("%s: %d rows, want 1 to %d", id, len(procs), maxProcessRows)
		}
		for i := 1; i < len(procs); i++ {
			a, b := procs[i-1], procs[i]
			if (id == TopMemory && a.RSSKiB < b.RSSKiB) || (id == TopCPU && a.cpuRatio < b.cpuRatio) {
				t.Errorf("%s: pid %d before pid %d is out of order", id, a.PID, b.PID)
			}
		}
	}
	// The whole table, to find this test and PID 1 wherever they rank.
	all, total, now, err := scanProcesses(context.Background(), &Env{Layout: dirs.Host}, time.Local, byMemory, math.MaxInt, readStatRow)
	if err != nil || len(all) != total {
		t.Fatalf("%d of %d processes: %v", len(all), total, err)
	}
	byPID := map[int]Process{}
	for _, p := range all {
		byPID[p.PID] = p
	}
	me, ok := byPID[os.Getpid()]
	if _, init := byPID[1]; !init || !ok {
		t.Fatalf("pid 1 or this test (%d) missing among %d processes", os.Getpid(), len(all))
	}
	if me.UID != uint32(os.Geteuid()) || me.RSSKiB == 0 || !strings.Contains(me.Command, ".test") {
		t.Errorf("this process reads as %+v", me)
	}
	// PID 1 as ps prints it: user, terminal and command do not change.
	ours, theirs := psRow(renderPS(all, now), "1"), psRow(strings.Join(hostCommand(t, "ps", "aux", "--sort=-%mem"), "\n"), "1")
	if ours == nil || theirs == nil || ours[0] != theirs[0] || ours[6] != theirs[6] ||
		strings.Join(ours[10:], " ") != strings.Join(theirs[10:], " ") {
		t.Errorf("pid 1:\n ours   %q\n theirs %q", ours, theirs)
	}
}

// psRow returns the fields of the ps aux line of pid.
func psRow(out, pid string) []string {
	for line := range strings.SplitSeq(out, "\n") {
		if f := strings.Fields(line); len(f) > 10 && f[1] == pid {
			return f
		}
	}
	return nil
}

func TestHostCPUInfo(t *testing.T) {
	stdout, data := runHost(t, CPUInfo)
	d := data.(CPUDetails)
	if d.CPUs < 1 || d.Architecture == "" || d.ModelName == "" {
		t.Fatalf("cpu_info: %+v", d)
	}
	for _, f := range d.Flags {
		if f == "" || strings.ContainsFunc(f, unicode.IsSpace) {
			t.Errorf("flag %q is empty or holds whitespace", f)
		}
	}
	// lscpu prints some values as the kernel wrote them, runs of spaces
	// included (a flags line reading "pti        vmmcall" was seen): compare
	// the flags as a set and every other value with its spacing normalised.
	if _, err := os.Stat(dirs.Host.Sys() + "/devices/system/cpu"); err != nil {
		t.Skipf("not comparing with lscpu, which needs sysfs: %v", err)
	}
	ours, theirs := lscpuFields(strings.Split(stdout, "\n")), lscpuFields(hostCommand(t, "lscpu"))
	for _, label := range []string{"Architecture", "CPU(s)", "On-line CPU(s) list", "Model name", "Thread(s) per core",
		"Core(s) per socket", "Socket(s)", "L1d cache", "L1i cache", "L2 cache", "L3 cache"} {
		if v, ok := theirs[label]; ok && normalSpace(ours[label]) != normalSpace(v) {
			t.Errorf("%s: ours %q, lscpu %q", label, ours[label], v)
		}
	}
	if v, ok := theirs["Flags"]; ok {
		if o, l := flagSet(ours["Flags"]), flagSet(v); !slices.Equal(o, l) {
			t.Errorf("flags: ours %q, lscpu %q", o, l)
		}
		if !slices.Equal(flagSet(strings.Join(d.Flags, " ")), flagSet(v)) {
			t.Errorf("data flags %q, lscpu %q", d.Flags, v)
		}
	}
}

// normalSpace collapses every run of whitespace to one space.
func normalSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// flagSet returns the distinct flags of a flags line, sorted.
func flagSet(s string) []string {
	f := strings.Fields(s)
	slices.Sort(f)
	return slices.Compact(f)
}

func lscpuFields(lines []string) map[string]string {
	m := map[string]string{}
	for _, l := range lines {
		// Runs of spaces are one: lscpu pads its flag list on some hosts
		// (util-linux 2.38 in a Firecracker guest).
		if k, v, ok := strings.Cut(l, ":"); ok {
			m[strings.TrimSpace(k)] = strings.Join(strings.Fields(v), " ")
		}
	}
	return m
}

func TestHostMemoryInfo(t *testing.T) {
	stdout, data := runHost(t, MemoryInfo)
	m := data.(Memory)
	if m.TotalBytes == 0 || m.AvailableBytes > m.TotalBytes || m.UsedBytes+m.AvailableBytes != m.TotalBytes {
		t.Fatalf("memory_info: %+v", m)
	}
	theirs := hostCommand(t, "free", "-h")
	ours := strings.Split(stdout, "\n")
	for i := 1; i <= 2; i++ { // the total of Mem and Swap
		if o, f := strings.Fields(ours[i]), strings.Fields(theirs[i]); o[0] != f[0] || o[1] != f[1] {
			t.Errorf("ours %q, free %q", ours[i], theirs[i])
		}
	}
}

func TestHostDiskUsage(t *testing.T) {
	stdout, data := runHost(t, DiskUsage)
	rows := data.([]Filesystem)
	i := slices.IndexFunc(rows, func(r Filesystem) bool { return r.MountPoint == "/" })
	if i < 0 || rows[i].SizeBytes == 0 || rows[i].UsedBytes+rows[i].AvailBytes > rows[i].SizeBytes {
		t.Fatalf("/ is missing or odd: %+v", rows)
	}
	theirs := hostCommand(t, "df", "-h")
	dfRoot := slices.IndexFunc(theirs, func(l string) bool { return strings.HasSuffix(l, " /") })
	ourRoot := slices.IndexFunc(strings.Split(stdout, "\n"), func(l string) bool { return strings.HasSuffix(l, " /") })
	if dfRoot < 0 || ourRoot < 0 {
		t.Fatalf("no / line: ours\n%s\ndf\n%s", stdout, strings.Join(theirs, "\n"))
	}
	o, f := strings.Fields(strings.Split(stdout, "\n")[ourRoot]), strings.Fields(theirs[dfRoot])
	if o[0] != f[0] || o[1] != f[1] {
		t.Errorf("/: ours %q, df %q", o, f)
	}
}

func TestHostBlockDevices(t *testing.T) {
	if !hasSysBlock(t) {
		t.Skip("this host has no /sys/block")
	}
	stdout, data := runHost(t, BlockDevices)
	if len(data.([]BlockDevice)) == 0 {
		t.Skip("this host has no block devices")
	}
	if got, want := blockRows(strings.Split(stdout, "\n")), blockRows(hostCommand(t, "lsblk")); !slices.Equal(got, want) {
		t.Errorf("ours\n%s\nlsblk\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// blockRows keeps NAME…TYPE of each device line, without the tree, sorted.
func blockRows(lines []string) []string {
	var rows []string
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) < 6 {
			continue
		}
		f[0] = strings.TrimLeft(f[0], "├└─│ ")
		rows = append(rows, strings.Join(f[:6], " "))
	}
	slices.Sort(rows)
	return rows
}

func TestHostRunMany(t *testing.T) {
	ids := hostIDs
	if !hasSysBlock(t) {
		ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == BlockDevices })
	}
	r := hostRunner()
	results := r.RunMany(context.Background(), ids, nil)
	for i, res := range results {
		if res.Probe != ids[i] || !res.OK() || res.Cached {
			t.Errorf("%s: %+v", ids[i], res)
		}
		// The daemon sends results as JSON; the typed rows must encode.
		if raw, err := json.Marshal(res); err != nil || !strings.Contains(string(raw), `"data":`) {
			t.Errorf("%s: %v %.200s", ids[i], err, raw)
		}
	}
	for i, res := range r.RunMany(context.Background(), ids, nil) {
		if !res.Cached || res.Stdout != results[i].Stdout {
			t.Errorf("%s: a second run within the TTL is not the cached result", ids[i])
		}
	}
}

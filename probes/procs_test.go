package probes

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// hostFixture returns an Env over testdata/host, a small host with
// processes, memory, CPUs, mounts and disks. Tests must not change it.
func hostFixture(t *testing.T) *Env {
	t.Helper()
	root, err := filepath.Abs("testdata/host")
	if err != nil {
		t.Fatal(err)
	}
	return &Env{Layout: dirs.At(root)}
}

// hostFixtureCopy is hostFixture in a temporary copy the test may change.
func hostFixtureCopy(t *testing.T) *Env {
	t.Helper()
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("testdata/host")); err != nil {
		t.Fatal(err)
	}
	return &Env{Layout: dirs.At(root)}
}

// fixtureOwners gives the fixture's process directories the owners the
// kernel would (their owner is the process's effective uid). Git does not
// keep owners, and only root can set them.
func fixtureOwners(t *testing.T, env *Env) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("setting the owners of fixture processes needs root")
	}
	for pid, uid := range map[string]int{"1": 0, "2": 0, "42": 1000, "77": 1000, "100": 100, "300": 1001} {
		if err := os.Chown(filepath.Join(env.Layout.Proc(), pid), uid, uid); err != nil {
			t.Fatal(err)
		}
	}
}

func requirePages4K(t *testing.T) {
	t.Helper()
	if os.Getpagesize() != 4096 {
		t.Skipf("the fixture's RSS figures assume 4 KiB pages, this host has %d", os.Getpagesize())
	}
}

func pidOrder(procs []Process) []int {
	var out []int
	for _, p := range procs {
		out = append(out, p.PID)
	}
	return out
}

func TestTopMemoryFixture(t *testing.T) {
	requirePages4K(t)
	env := hostFixtureCopy(t)
	fixtureOwners(t, env)
	out, err := topMemory(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	procs := out.Data.([]Process)
	// 999 vanished between the listing and the read: skipped, no error.
	if got, want := pidOrder(procs), []int{42, 1, 100, 300, 2, 77}; !slices.Equal(got, want) {
		t.Fatalf("order by memory = %v, want %v", got, want)
	}
	ff := procs[0]
	want := Process{
		User: "alice", UID: 1000, PID: 42, CPUPercent: 150, MemPercent: 6.2,
		VSZKiB: 2929687, RSSKiB: 1000000, TTY: "pts/0", Stat: "Rsl+",
		Start: time.Unix(1700089900, 0), CPUSeconds: 150,
		Command: "/usr/lib/firefox-esr/firefox-esr -name?x", cpuRatio: 1.5,
	}
	if !ff.Start.Equal(want.Start) {
		t.Errorf("start = %v, want %v", ff.Start, want.Start)
	}
	ff.Start = want.Start
	if ff != want {
		t.Errorf("firefox row:\n got %+v\nwant %+v", ff, want)
	}
	byPID := map[int]Process{}
	for _, p := range procs {
		byPID[p.PID] = p
	}
	checks := []struct {
		pid                 int
		user, stat, command string
	}{
		{1, "root", "Ss", "/sbin/init splash"},
		{2, "root", "S", "[kthreadd]"}, // a kernel thread: no cmdline file is read
		{77, "alice", "Z+", "[defunct (kid)] <defunct>"},
		{100, "systemd-network", "S<s", "/lib/systemd/systemd-networkd"},
		{300, "1001", "RN", "stress --cpu 1"},
	}
	for _, c := range checks {
		p := byPID[c.pid]
		if p.User != c.user || p.Stat != c.stat || p.Command != c.command {
			t.Errorf("pid %d: user %q stat %q command %q, want %q %q %q", c.pid, p.User, p.Stat, p.Command, c.user, c.stat, c.command)
		}
	}
	if p := byPID[300]; p.CPUPercent != 4 || p.CPUSeconds != 400 {
		t.Errorf("pid 300: %%cpu %v time %v, want 4.0 and 400 s", p.CPUPercent, p.CPUSeconds)
	}
}

func TestTopCPUFixtureOrder(t *testing.T) {
	env := hostFixture(t)
	out, err := topCPU(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	// 42: 150 s over 100 s; 300: 400 s over 10000 s; 77: 0.02 s over 50 s;
	// 1: 8 s over ~90000 s; 100: 1 s over ~90000 s; 2: none.
	if got, want := pidOrder(out.Data.([]Process)), []int{42, 300, 77, 1, 100, 2}; !slices.Equal(got, want) {
		t.Fatalf("order by cpu = %v, want %v", got, want)
	}
	if !strings.HasPrefix(out.Stdout, "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n") {
		t.Errorf("header:\n%s", out.Stdout)
	}
}

// The rendering, column by column, against what ps aux prints.
func TestRenderPSFixture(t *testing.T) {
	requirePages4K(t)
	env := hostFixtureCopy(t)
	fixtureOwners(t, env)
	procs, total, now, err := scanProcesses(context.Background(), env, time.UTC, byMemory, maxProcessRows, readStatRow)
	if err != nil || total != 6 {
		t.Fatalf("%d processes, %v", total, err)
	}
	if want := time.Unix(1700090000, 0); !now.Equal(want) {
		t.Errorf("now = %v, want btime+uptime %v", now, want)
	}
	want := `USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND
alice       42  150  6.2 2929687 1000000 pts/0 Rsl+ 23:11   2:30 /usr/lib/firefox-esr/firefox-esr -name?x
root         1  0.0  0.0 166015 12000 ?        Ss   Nov14   0:08 /sbin/init splash
systemd+   100  0.0  0.0  87890  8000 ?        S<s  Nov14   0:01 /lib/systemd/systemd-networkd
1001       300  4.0  0.0   9765  2000 ?        RN   20:26   6:40 stress --cpu 1
root         2  0.0  0.0      0     0 ?        S    Nov14   0:00 [kthreadd]
alice       77  0.0  0.0      0     0 pts/0    Z+   23:12   0:00 [defunct (kid)] <defunct>
`
	if got := renderPS(procs, now); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestPSStartFormats(t *testing.T) {
	now := time.Date(2024, 3, 5, 10, 0, 0, 0, time.UTC)
	for start, want := range map[time.Time]string{
		time.Date(2024, 3, 5, 8, 7, 0, 0, time.UTC):    "08:07",
		time.Date(2024, 3, 4, 23, 59, 0, 0, time.UTC):  "Mar04",
		time.Date(2023, 12, 31, 23, 0, 0, 0, time.UTC): "2023",
	} {
		if got := psStart(start, now); got != want {
			t.Errorf("psStart(%v) = %q, want %q", start, got, want)
		}
	}
}

func TestTTYName(t *testing.T) {
	for nr, want := range map[int]string{0: "?", 4<<8 | 1: "tty1", 4<<8 | 64: "ttyS0", 136<<8 | 3: "pts/3", 137<<8 | 2: "pts/258", 5<<8 | 1: "console", 180 << 8: "?"} {
		if got := ttyName(nr); got != want {
			t.Errorf("ttyName(%#x) = %q, want %q", nr, got, want)
		}
	}
}

func TestParseStatRejectsGarbage(t *testing.T) {
	for _, line := range []string{"", "1 (x", "1 (x) S 0 1", "no parens at all"} {
		if _, err := parseStat([]byte(line)); err == nil {
			t.Errorf("parseStat(%q) succeeded", line)
		}
	}
}

func TestScanWithoutProcIsAnError(t *testing.T) {
	env := &Env{Layout: dirs.At(t.TempDir())}
	_, err := topMemory(context.Background(), env)
	if err == nil || !strings.HasPrefix(err.Error(), "cannot ") {
		t.Fatalf("err = %v, want a cannot … error", err)
	}
}

func TestPasswdCacheSeesChanges(t *testing.T) {
	path := filepath.Join(t.TempDir(), "passwd")
	if err := os.WriteFile(path, []byte("bob:x:1000:1000::/home/bob:/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := userName(userNames(path), 1000); got != "bob" {
		t.Fatalf("uid 1000 = %q, want bob", got)
	}
	// A different size is a different file, even within the same mtime tick.
	if err := os.WriteFile(path, []byte("carol:x:1000:1000::/home/carol:/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := userName(userNames(path), 1000); got != "carol" {
		t.Fatalf("after the edit uid 1000 = %q, want carol", got)
	}
	if got := userName(userNames(filepath.Join(t.TempDir(), "missing")), 7); got != "7" {
		t.Fatalf("without a passwd file uid 7 = %q, want 7", got)
	}
}

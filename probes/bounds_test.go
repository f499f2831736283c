package probes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vishvananda/netlink"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// Every bound below is checked against a fixture that goes past it.

func TestResultBoundsAddUp(t *testing.T) {
	if MaxStdoutBytes+MaxDataBytes+MaxStderrBytes+1024 > MaxResultBytes {
		t.Errorf("stdout %d + data %d + stderr %d + 1 KiB of fields is over MaxResultBytes %d",
			MaxStdoutBytes, MaxDataBytes, MaxStderrBytes, MaxResultBytes)
	}
	if n := len(IDs) * MaxResultBytes; n >= 1<<20 {
		t.Errorf("all %d probes may return %d bytes, not under 1 MiB", len(IDs), n)
	}
}

// A probe returning far too much of everything, all of it text JSON must
// escape, still yields a result within MaxResultBytes.
func TestRunBoundsEveryPart(t *testing.T) {
	row := strings.Repeat("<&>", 1000)
	rows := make([]string, 200)
	for i := range rows {
		rows[i] = strconv.Itoa(i) + row
	}
	r := testRunner(
		Spec{ID: "big", Command: "big", Source: "test", Run: func(context.Context, *Env) (Output, error) {
			return Output{Stdout: strings.Repeat(row+"\n", 100), Data: rows, Notes: []string{strings.Repeat("\x1b[1mnote ", 1000)}}, nil
		}},
		Spec{ID: "blob", Run: func(context.Context, *Env) (Output, error) {
			return Output{Stdout: "x\n", Data: map[string]string{"k": strings.Repeat("y", MaxDataBytes)}}, nil
		}},
		Spec{ID: "fail", Run: func(context.Context, *Env) (Output, error) {
			return Output{}, errors.New("cannot read /mnt/\x1b]0;evil\x07" + strings.Repeat("<", 10000))
		}},
	)
	res, _ := r.Run(context.Background(), "big")
	raw, err := json.Marshal(res)
	if err != nil || len(raw) > MaxResultBytes || !res.Truncated {
		t.Fatalf("%d bytes of JSON, truncated %v, %v", len(raw), res.Truncated, err)
	}
	kept := res.Data.([]string)
	if len(kept) == 0 || len(kept) == len(rows) || kept[0] != rows[0] || jsonSize(kept) > MaxDataBytes {
		t.Errorf("data kept %d rows, %d bytes", len(kept), jsonSize(kept))
	}
	if want := fmt.Sprintf("data holds the first %d of 200 rows", len(kept)); !strings.Contains(res.Stderr, want) ||
		!strings.Contains(res.Stderr, "stdout cut at a line") || strings.Contains(res.Stderr, "\x1b") {
		t.Errorf("stderr does not say what was cut, or holds escapes: %.300q", res.Stderr)
	}
	res, _ = r.Run(context.Background(), "blob")
	if res.Data != nil || !res.Truncated || !strings.HasPrefix(res.Stderr, "data left out: its ") {
		t.Errorf("data that is no list: %+v", res)
	}
	res, _ = r.Run(context.Background(), "fail")
	if raw, _ := json.Marshal(res); len(raw) > MaxResultBytes || jsonLen(res.Stderr) > MaxStderrBytes ||
		!strings.HasPrefix(res.Stderr, "cannot read /mnt/<<<") {
		t.Errorf("failure: %d bytes, stderr %.40q", len(raw), res.Stderr)
	}
}

// writeFile writes a fixture file, making its directory.
func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestProcessTextBoundedAndSanitized(t *testing.T) {
	env := hostFixtureCopy(t)
	proc := env.Layout.Proc()
	long := []byte("/usr/bin/evil\x00" + strings.Repeat("\x1b[31mA\x00", 4000))
	writeFile(t, proc+"/42/cmdline", long)
	stat, err := os.ReadFile(proc + "/77/stat")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, proc+"/77/stat", []byte(strings.Replace(string(stat), "(defunct (kid))", "(\x1b]0;x\x07kid\x1b[2J)", 1)))
	out := runProbe(t, topMemory, env)
	byPID := map[int]Process{}
	for _, p := range out.Data.([]Process) {
		byPID[p.PID] = p
	}
	cmd := byPID[42].Command
	if len(cmd) > MaxCommandBytes || !strings.HasPrefix(cmd, "/usr/bin/evil A A ") || !strings.HasSuffix(cmd, cutMarker) {
		t.Errorf("pid 42: %d bytes: %.40q…%q", len(cmd), cmd, cmd[max(0, len(cmd)-10):])
	}
	if got := byPID[77].Command; got != "[kid] <defunct>" {
		t.Errorf("pid 77 (comm with escapes): %q", got)
	}
	if strings.Contains(out.Stdout, "\x1b") {
		t.Errorf("stdout holds ESC")
	}
	// cmdline with NUL separators and control characters, read whole.
	if got := commandLine([]byte("a\x00b\x1b[1mc\x07\x00"), false); got != "a bc?" {
		t.Errorf("commandLine = %q", got)
	}
	// A read that split a rune drops its head instead of showing U+FFFD.
	if got := commandLine([]byte("ab\xc3"), true); got != "ab"+cutMarker {
		t.Errorf("split rune: %q", got)
	}
}

func TestTopProcessesRowBound(t *testing.T) {
	env := hostFixtureCopy(t)
	proc := env.Layout.Proc()
	stat, err := os.ReadFile(proc + "/300/stat")
	if err != nil {
		t.Fatal(err)
	}
	for pid := 1000; pid < 1060; pid++ {
		p := strconv.Itoa(pid)
		writeFile(t, proc+"/"+p+"/stat", []byte(strings.Replace(string(stat), "300 (stress)", p+" (stress)", 1)))
		writeFile(t, proc+"/"+p+"/cmdline", []byte("stress\x00"+p+"\x00"))
	}
	out := runProbe(t, topCPU, env)
	procs := out.Data.([]Process)
	if len(procs) != maxProcessRows || procs[0].PID != 42 {
		t.Errorf("%d rows, first pid %d; want %d, 42", len(procs), procs[0].PID, maxProcessRows)
	}
	if want := fmt.Sprintf("listed the %d processes that use the most, of 66", maxProcessRows); len(out.Notes) != 1 || out.Notes[0] != want {
		t.Errorf("notes %q, want %q", out.Notes, want)
	}
	if lines := strings.Count(out.Stdout, "\n"); lines != maxProcessRows+1 {
		t.Errorf("stdout has %d lines, want a header and %d rows", lines, maxProcessRows)
	}
}

// The bounds fixture (journal/testdata/export.py) holds 200 warnings,
// each with a 3000-byte message and an identifier and unit full of escapes.
func TestSystemLogsBoundedAndSanitized(t *testing.T) {
	layout := journalRoot(t, map[string]string{"var/log/journal/" + fixtureMachine + "/system.journal": "bounds"})
	out := runProbe(t, systemLogs, &Env{Layout: layout})
	log := out.Data.(SystemLog)
	n := len(log.Entries)
	if n == 0 || n == 200 || jsonSize(log) > MaxDataBytes || len(out.Notes) != 1 ||
		!strings.HasPrefix(out.Notes[0], fmt.Sprintf("kept the newest %d of 200 entries", n)) {
		t.Fatalf("%d entries, %d bytes, notes %q", n, jsonSize(log), out.Notes)
	}
	last := log.Entries[n-1]
	if !strings.HasPrefix(last.Message, "entry 199 m") || !last.Cut || len(last.Message) > MaxLogMessageBytes {
		t.Errorf("newest entry: cut %v, %d bytes, %.20q", last.Cut, len(last.Message), last.Message)
	}
	if len(last.Identifier) > maxNameBytes || !strings.HasPrefix(last.Identifier, "fakeiii") || last.Unit != "u?.service" {
		t.Errorf("identifier %.20q (%d bytes), unit %q", last.Identifier, len(last.Identifier), last.Unit)
	}
	if strings.ContainsAny(out.Stdout, "\x1b\x07\u202e") || !strings.HasPrefix(out.Stdout[strings.LastIndex(strings.TrimSuffix(out.Stdout, "\n"), "\n")+1:], time.UnixMicro(fixtureT0+199).Local().Format("Jan 02 15:04:05")) {
		t.Errorf("stdout holds escapes or misses the newest entry")
	}
}

func TestMountsBoundedAndSanitized(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mountinfo")
	evil := "/home/u/\x1b]0;x\x07mnt" + strings.Repeat("d", 2000)
	var b strings.Builder
	b.WriteString("22 1 253:0 / / rw - ext4 /dev/root rw\n")
	fmt.Fprintf(&b, "40 22 0:50 / %s rw - fuse.\x1b[1mx me\\012you rw\n", evil)
	for i := range maxMounts + 10 {
		fmt.Fprintf(&b, "%d 22 0:60 / /m/%d rw - tmpfs tmpfs rw\n", 100+i, i)
	}
	writeFile(t, path, []byte(b.String()))
	ms, note, err := readMounts(path)
	if err != nil || len(ms) != maxMounts || !strings.HasPrefix(note, fmt.Sprintf("read the first %d mounts", maxMounts)) {
		t.Fatalf("%d mounts, note %q, %v", len(ms), note, err)
	}
	m := ms[1]
	if len(m.point) > maxPathBytes || !strings.HasPrefix(m.point, "/home/u/mnt") || !strings.HasSuffix(m.point, cutMarker) ||
		m.path != evil || m.fstype != "fuse.x" || m.source != "me?you" {
		t.Errorf("hostile mount: point %.20q (%d bytes), path kept %v, fstype %q, source %q",
			m.point, len(m.point), m.path == evil, m.fstype, m.source)
	}
	// Past maxTableBytes the table is cut at its last whole line.
	line := "1 1 0:1 / /x rw - tmpfs tmpfs rw\n"
	writeFile(t, path, []byte(strings.Repeat(line, maxTableBytes/len(line)+1)))
	ms, note, err = readMounts(path)
	if err != nil || len(ms) != maxMounts || note == "" {
		t.Errorf("a table over %d bytes: %d mounts, note %q, %v", maxTableBytes, len(ms), note, err)
	}
}

func TestBlockDeviceModelSanitized(t *testing.T) {
	env := hostFixtureCopy(t)
	writeFile(t, env.Layout.Sys()+"/block/sda/device/model", []byte("Evil\x1b[8m USB"+strings.Repeat("!", 300)+"\n"))
	out := runProbe(t, blockDevices, env)
	for _, d := range out.Data.([]BlockDevice) {
		if d.KName == "sda" && (!strings.HasPrefix(d.Model, "Evil USB!!") || len(d.Model) > maxNameBytes) {
			t.Errorf("model %q", d.Model)
		}
	}
	if strings.Contains(out.Stdout, "\x1b") {
		t.Error("stdout holds ESC")
	}
}

func TestSocketOwnerCommSanitized(t *testing.T) {
	root := procTree(t, map[string]map[string]string{"100": {"3": "socket:[111]"}},
		map[string]string{"100": "\x1b[31mssh\x1b[0m\x07"})
	owners, _, err := socketOwners(context.Background(), root+"/proc", map[uint32]bool{111: true})
	if err != nil || len(owners[111]) != 1 || owners[111][0].Name != "ssh?" {
		t.Errorf("owners %v, %v", owners, err)
	}
}

func TestFailedUnitNamesSanitized(t *testing.T) {
	env, _ := systemdEnv(t, systemd.Unit{Name: "run-u1\x1b[2J.service", Description: "\x1b]0;t\x07desc" + strings.Repeat("x", 400),
		LoadState: "loaded", ActiveState: "failed", SubState: "failed"})
	out := runProbe(t, failedServices, env)
	rows := out.Data.([]FailedUnit)
	if len(rows) != 1 || rows[0].Unit != "run-u1.service" || !strings.HasPrefix(rows[0].Description, "descxx") ||
		len(rows[0].Description) > maxNameBytes {
		t.Errorf("rows %+v", rows)
	}
}

func TestInterfaceNameSanitized(t *testing.T) {
	p := newPrivateNet(t)
	name := "\x1b[31mx\x07" // the kernel refuses only '/', ':', white space and "." or ".."
	if err := p.h.LinkAdd(&netlink.Veth{LinkAttrs: netlink.LinkAttrs{Name: name}, PeerName: "peer\x1b[1m"}); err != nil {
		t.Fatalf("cannot add a veth pair: %v", err)
	}
	out := runProbe(t, networkAddrs, &Env{Netlink: p.h})
	found := false
	for _, r := range out.Data.([]NetInterface) {
		found = found || (r.Name == "x?" && r.Parent == "peer")
		if strings.Contains(r.Name, "\x1b") {
			t.Errorf("interface name %q", r.Name)
		}
	}
	if !found || strings.Contains(out.Stdout, "\x1b") {
		t.Errorf("no interface named x? or ESC in stdout:\n%q", out.Stdout)
	}
}

package hardware

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

type cpuFacts struct {
	model          string
	cores, threads int
}

// cpuinfoEntry is one "processor" block of /proc/cpuinfo, keyed by field
// name. We parse it ourselves: procfs picks its cpuinfo parser by GOARCH,
// so an amd64 build could not read an ARM fixture, and the fields differ by
// architecture anyway.
type cpuinfoEntry map[string]string

func readCPU(l dirs.Layout) (cpuFacts, error) {
	path := filepath.Join(l.Proc(), "cpuinfo")
	b, err := os.ReadFile(path)
	if err != nil {
		return cpuFacts{}, fmt.Errorf("cannot read %s: %w", path, err)
	}
	entries, global := parseCPUInfo(b)
	var f cpuFacts
	f.model = cpuModel(l, entries, global)

	f.threads, err = onlineCPUs(l)
	if err != nil {
		return cpuFacts{}, err
	}
	if f.threads == 0 {
		f.threads = len(entries)
	}
	f.cores = coresFromCPUInfo(entries)
	if f.cores == 0 {
		if f.cores, err = coresFromTopology(l); err != nil {
			return cpuFacts{}, err
		}
	}
	return f, nil
}

// parseCPUInfo splits cpuinfo into per-processor entries. Fields outside a
// processor block (ARM's trailing "Hardware", "Revision", "Model") land in
// global.
func parseCPUInfo(b []byte) (entries []cpuinfoEntry, global cpuinfoEntry) {
	global = cpuinfoEntry{}
	var cur cpuinfoEntry
	for line := range strings.Lines(string(b)) {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			cur = nil // a blank line ends a processor block
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if key == "processor" {
			cur = cpuinfoEntry{}
			entries = append(entries, cur)
		}
		if cur != nil {
			cur[key] = val
		} else if _, seen := global[key]; !seen {
			global[key] = val
		}
	}
	return entries, global
}

// cpuModel picks the most specific name the kernel offers: x86 and 32-bit
// ARM have "model name"; older ARM kernels name the SoC in "Hardware";
// arm64 only gives implementer and part numbers, which we name and qualify
// with the board from the device tree.
func cpuModel(l dirs.Layout, entries []cpuinfoEntry, global cpuinfoEntry) string {
	if v := field(entries, global, "model name"); v != "" {
		return v
	}
	board := deviceTreeModel(l)
	if board == "" {
		board = global["Model"] // Raspberry Pi kernels print the board here
	}
	name := field(entries, global, "Hardware")
	if name == "" {
		name = armCoreNames(entries)
	}
	if name == "" {
		// POWER ("cpu") and RISC-V ("uarch") put their names elsewhere;
		// old 32-bit ARM kernels name the core in a global "Processor".
		for _, key := range []string{"cpu", "uarch", "Processor"} {
			if name = field(entries, global, key); name != "" {
				break
			}
		}
	}
	switch {
	case name != "" && board != "":
		return name + " (" + board + ")"
	case name != "":
		return name
	}
	return board
}

func field(entries []cpuinfoEntry, global cpuinfoEntry, key string) string {
	for _, e := range entries {
		if v := e[key]; v != "" {
			return v
		}
	}
	return global[key]
}

func deviceTreeModel(l dirs.Layout) string {
	b, err := os.ReadFile(filepath.Join(l.Sys(), "firmware/devicetree/base/model"))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(strings.TrimRight(string(b), "\x00"))
}

// onlineCPUs counts the CPUs in /sys/devices/system/cpu/online; 0 means the
// file is absent and the caller falls back to cpuinfo.
func onlineCPUs(l dirs.Layout) (int, error) {
	path := filepath.Join(l.Sys(), "devices/system/cpu/online")
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("cannot read %s: %w", path, err)
	}
	cpus, err := parseCPUList(string(b))
	if err != nil {
		return 0, fmt.Errorf("cannot parse %s: %w", path, err)
	}
	return len(cpus), nil
}

// parseCPUList expands the kernel's CPU list format ("0-3,8,10-11").
func parseCPUList(s string) ([]int, error) {
	var cpus []int
	for part := range strings.SplitSeq(strings.TrimSpace(s), ",") {
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		first, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("cannot parse CPU list %q", s)
		}
		last := first
		if isRange {
			if last, err = strconv.Atoi(hi); err != nil || last < first {
				return nil, fmt.Errorf("cannot parse CPU list %q", s)
			}
		}
		for c := first; c <= last; c++ {
			cpus = append(cpus, c)
		}
	}
	return cpus, nil
}

// coresFromCPUInfo counts distinct (physical id, core id) pairs, which x86
// reports for every processor. It returns 0 unless all processors have both.
func coresFromCPUInfo(entries []cpuinfoEntry) int {
	seen := map[[2]string]bool{}
	for _, e := range entries {
		pkg, okP := e["physical id"]
		core, okC := e["core id"]
		if !okP || !okC {
			return 0
		}
		seen[[2]string{pkg, core}] = true
	}
	return len(seen)
}

// coresFromTopology counts distinct sibling sets of the online CPUs: every
// physical core has one, whatever the architecture. core_cpus_list replaced
// thread_siblings_list in Linux 5.6. It returns 0 when sysfs has no
// topology, which leaves the core count unknown rather than guessed.
func coresFromTopology(l dirs.Layout) (int, error) {
	base := filepath.Join(l.Sys(), "devices/system/cpu")
	var cpus []int
	if b, err := os.ReadFile(filepath.Join(base, "online")); err == nil {
		cpus, _ = parseCPUList(string(b))
	}
	if cpus == nil {
		matches, _ := filepath.Glob(filepath.Join(base, "cpu[0-9]*"))
		for _, m := range matches {
			if n, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(m), "cpu")); err == nil {
				cpus = append(cpus, n)
			}
		}
	}
	sets := map[string]bool{}
	for _, c := range cpus {
		dir := filepath.Join(base, "cpu"+strconv.Itoa(c), "topology")
		b, err := os.ReadFile(filepath.Join(dir, "core_cpus_list"))
		if errors.Is(err, fs.ErrNotExist) {
			b, err = os.ReadFile(filepath.Join(dir, "thread_siblings_list"))
		}
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("cannot read CPU topology in %s: %w", dir, err)
		}
		sets[strings.TrimSpace(string(b))] = true
	}
	return len(sets), nil
}

package probes

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// CPUDetails is cpu_info's data: what lscpu shows, from /proc/cpuinfo and
// /sys/devices/system/cpu. Counts are 0 and strings empty when the host
// does not say.
type CPUDetails struct {
	Architecture string `json:"architecture"`
	CPUs         int    `json:"cpus"`
	// OnlineCPUs is the on-line CPU list as lscpu prints it, e.g. "0-3,6".
	OnlineCPUs string `json:"online_cpus,omitempty"`
	VendorID   string `json:"vendor_id,omitempty"`
	ModelName  string `json:"model_name"`
	Family     string `json:"family,omitempty"`
	Model      string `json:"model,omitempty"`
	Stepping   string `json:"stepping,omitempty"`
	// AddressSizes is e.g. "48 bits physical, 48 bits virtual" (x86).
	AddressSizes   string  `json:"address_sizes,omitempty"`
	ThreadsPerCore int     `json:"threads_per_core,omitempty"`
	CoresPerSocket int     `json:"cores_per_socket,omitempty"`
	Sockets        int     `json:"sockets,omitempty"`
	MHz            float64 `json:"mhz,omitempty"` // current, from the first CPU
	MaxMHz         float64 `json:"max_mhz,omitempty"`
	MinMHz         float64 `json:"min_mhz,omitempty"`
	BogoMIPS       float64 `json:"bogomips,omitempty"`
	// Virtualization is "VT-x" or "AMD-V" when the CPU offers it.
	Virtualization string `json:"virtualization,omitempty"`
	// Hypervisor is set when this system itself runs in a virtual machine.
	Hypervisor bool       `json:"hypervisor"`
	Caches     []CPUCache `json:"caches,omitempty"`
	Flags      []string   `json:"flags,omitempty"`
}

// CPUCache is one cache level summed over all CPUs, like lscpu's
// "L2 cache: 1 MiB (2 instances)".
type CPUCache struct {
	Name      string `json:"name"` // L1d, L1i, L2, L3
	SizeBytes uint64 `json:"size_bytes"`
	Instances int    `json:"instances"`
}

func cpuInfo(ctx context.Context, env *Env) (Output, error) {
	path := env.Layout.Proc() + "/cpuinfo"
	raw, err := readWhole(path, maxTableBytes)
	if err != nil {
		return Output{}, fmt.Errorf("cannot read %s: %w", path, err)
	}
	procs := parseCPUInfo(raw)
	if len(procs) == 0 {
		return Output{}, fmt.Errorf("cannot read %s: it lists no processor", path)
	}
	var d CPUDetails
	var uts unix.Utsname
	if unix.Uname(&uts) == nil {
		d.Architecture = unix.ByteSliceToString(uts.Machine[:])
	}
	first := procs[0]
	d.CPUs = len(procs)
	d.VendorID = first.get("vendor_id", "CPU implementer")
	d.ModelName = first.get("model name", "Processor", "cpu model", "cpu")
	d.Family = first.get("cpu family", "CPU architecture")
	d.Model = first.get("model", "CPU part")
	d.Stepping = first.get("stepping", "CPU revision")
	d.AddressSizes = first.get("address sizes")
	d.MHz, _ = strconv.ParseFloat(first.get("cpu MHz"), 64)
	d.BogoMIPS, _ = strconv.ParseFloat(first.get("bogomips", "BogoMIPS"), 64)
	d.Flags = strings.Fields(first.get("flags", "Features"))
	d.Flags = d.Flags[:min(len(d.Flags), maxCPUFlags)]
	switch {
	case slices.Contains(d.Flags, "vmx"):
		d.Virtualization = "VT-x"
	case slices.Contains(d.Flags, "svm"):
		d.Virtualization = "AMD-V"
	}
	d.Hypervisor = slices.Contains(d.Flags, "hypervisor")

	cpuDir := env.Layout.Sys() + "/devices/system/cpu"
	if online, err := readTrimmed(cpuDir + "/online"); err == nil {
		if ids, err := parseCPUList(online); err == nil {
			d.OnlineCPUs = formatCPUList(ids)
		}
	}
	if ctx.Err() != nil {
		return Output{}, ctx.Err()
	}
	topology(&d, cpuDir, procs)
	d.MaxMHz = readKHzAsMHz(cpuDir + "/cpu0/cpufreq/cpuinfo_max_freq")
	d.MinMHz = readKHzAsMHz(cpuDir + "/cpu0/cpufreq/cpuinfo_min_freq")
	d.Caches = cpuCaches(cpuDir)
	return Output{Stdout: renderLscpu(d), Data: d}, nil
}

// Bounds of /proc/cpuinfo's values: today's x86 flags line is about
// 1.5 KB and 200 flags long.
const (
	maxCPUInfoValue = 8 << 10
	maxCPUFlags     = 1024
)

// cpuFields is one processor block of /proc/cpuinfo.
type cpuFields map[string]string

// get returns the first of keys present; the names differ by architecture.
func (f cpuFields) get(keys ...string) string {
	for _, k := range keys {
		if v, ok := f[k]; ok {
			return v
		}
	}
	return ""
}

// parseCPUInfo splits /proc/cpuinfo into per-processor blocks. It reads
// any architecture's layout (key<tabs>: value, blank line between CPUs),
// keeping only blocks that name a processor number.
func parseCPUInfo(raw []byte) []cpuFields {
	var out []cpuFields
	cur := cpuFields{}
	flush := func() {
		if _, ok := cur["processor"]; ok {
			out = append(out, cur)
		}
		cur = cpuFields{}
	}
	for b := range bytes.Lines(raw) {
		line := string(b)
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		k = strings.TrimSpace(k)
		if _, dup := cur[k]; dup && k == "processor" {
			flush()
		}
		// Tabs separate values here (flags padded with them), so they are
		// spaces, not control characters for Sanitize to mark.
		cur[k] = Sanitize(strings.TrimSpace(strings.ReplaceAll(v, "\t", " ")), maxCPUInfoValue)
	}
	flush()
	return out
}

// topology counts sockets and cores from sysfs, falling back to the
// physical id / core id fields of /proc/cpuinfo.
func topology(d *CPUDetails, cpuDir string, procs []cpuFields) {
	cores := map[[2]string]bool{}
	sockets := map[string]bool{}
	online := 0
	dirs, _ := filepath.Glob(cpuDir + "/cpu[0-9]*")
	for _, dir := range dirs {
		pkg, err1 := readTrimmed(dir + "/topology/physical_package_id")
		core, err2 := readTrimmed(dir + "/topology/core_id")
		if err1 != nil || err2 != nil {
			continue // offline CPUs have no topology
		}
		online++
		sockets[pkg] = true
		cores[[2]string{pkg, core}] = true
	}
	if online == 0 {
		for _, p := range procs {
			pkg, core := p.get("physical id"), p.get("core id")
			if pkg == "" && core == "" {
				return
			}
			online++
			sockets[pkg] = true
			cores[[2]string{pkg, core}] = true
		}
	}
	if len(cores) == 0 || len(sockets) == 0 {
		return
	}
	d.Sockets = len(sockets)
	d.CoresPerSocket = len(cores) / len(sockets)
	d.ThreadsPerCore = online / len(cores)
}

// cpuCaches sums each cache level over its distinct instances (sets of
// CPUs sharing one), as lscpu's summary does. Sizes are summed per
// instance because hybrid CPUs have caches of different sizes per level.
func cpuCaches(cpuDir string) []CPUCache {
	type key struct{ level, kind string }
	type instance struct {
		key
		cpus string
	}
	seen := map[instance]bool{}
	totals := map[key]*CPUCache{}
	var order []key
	dirs, _ := filepath.Glob(cpuDir + "/cpu[0-9]*/cache/index[0-9]*")
	for _, dir := range dirs {
		level, err1 := readTrimmed(dir + "/level")
		kind, err2 := readTrimmed(dir + "/type")
		list, err3 := readTrimmed(dir + "/shared_cpu_list")
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		in := instance{key{level, kind}, list}
		if seen[in] {
			continue
		}
		size, err := readTrimmed(dir + "/size")
		n, perr := parseCacheSize(size)
		if err != nil || perr != nil {
			continue
		}
		seen[in] = true
		c := totals[in.key]
		if c == nil {
			c = &CPUCache{Name: "L" + level + cacheSuffix(kind)}
			totals[in.key] = c
			order = append(order, in.key)
		}
		c.SizeBytes += n
		c.Instances++
	}
	var out []CPUCache
	for _, k := range order {
		out = append(out, *totals[k])
	}
	slices.SortStableFunc(out, func(a, b CPUCache) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func cacheSuffix(kind string) string {
	switch kind {
	case "Data":
		return "d"
	case "Instruction":
		return "i"
	}
	return ""
}

// parseCacheSize reads sysfs cache sizes such as "32K" or "8M".
func parseCacheSize(s string) (uint64, error) {
	mult := uint64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return n * mult, err
}

func readKHzAsMHz(path string) float64 {
	s, err := readTrimmed(path)
	if err != nil {
		return 0
	}
	khz, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return khz / 1000
}

// readTrimmed reads a small sysfs or procfs attribute without its
// trailing newline. Such a file answers in one read, so this costs three
// syscalls where os.ReadFile needs five; probes read hundreds of them.
func readTrimmed(path string) (string, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	if err != nil {
		return "", &os.PathError{Op: "open", Path: path, Err: err}
	}
	var buf [256]byte
	n, err := unix.Read(fd, buf[:])
	unix.Close(fd)
	if err != nil {
		return "", &os.PathError{Op: "read", Path: path, Err: err}
	}
	if n == len(buf) { // longer than an attribute usually is: read it all
		b, err := readWhole(path, maxAttrBytes)
		return strings.TrimSpace(string(b)), err
	}
	return strings.TrimSpace(string(buf[:n])), nil
}

package probes

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// renderLscpu prints d like lscpu: "Label:" padded to a common column, and
// only the lines the host could answer.
func renderLscpu(d CPUDetails) string {
	type line struct{ label, value string }
	var lines []line
	add := func(label, value string) {
		if value != "" && value != "0" {
			lines = append(lines, line{label, value})
		}
	}
	mhz := func(v float64) string {
		if v == 0 {
			return ""
		}
		return strconv.FormatFloat(v, 'f', 4, 64)
	}
	add("Architecture", d.Architecture)
	if slices.Contains(d.Flags, "lm") {
		add("CPU op-mode(s)", "32-bit, 64-bit")
	}
	add("Address sizes", d.AddressSizes)
	add("CPU(s)", strconv.Itoa(d.CPUs))
	add("On-line CPU(s) list", d.OnlineCPUs)
	add("Vendor ID", d.VendorID)
	add("Model name", d.ModelName)
	add("CPU family", d.Family)
	add("Model", d.Model)
	add("Thread(s) per core", strconv.Itoa(d.ThreadsPerCore))
	add("Core(s) per socket", strconv.Itoa(d.CoresPerSocket))
	add("Socket(s)", strconv.Itoa(d.Sockets))
	add("Stepping", d.Stepping)
	add("CPU MHz", mhz(d.MHz))
	add("CPU max MHz", mhz(d.MaxMHz))
	add("CPU min MHz", mhz(d.MinMHz))
	if d.BogoMIPS != 0 {
		add("BogoMIPS", strconv.FormatFloat(d.BogoMIPS, 'f', 2, 64))
	}
	add("Flags", strings.Join(d.Flags, " "))
	add("Virtualization", d.Virtualization)
	if d.Hypervisor {
		add("Virtualization type", "full")
	}
	for _, c := range d.Caches {
		unit := "instances"
		if c.Instances == 1 {
			unit = "instance"
		}
		add(c.Name+" cache", fmt.Sprintf("%s (%d %s)", blockSize(c.SizeBytes, true), c.Instances, unit))
	}
	width := 0
	for _, l := range lines {
		width = max(width, len(l.label)+2)
	}
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "%-*s%s\n", width, l.label+":", l.value)
	}
	return b.String()
}

// parseCPUList reads a kernel CPU list such as "0-3,8,10-11".
func parseCPUList(s string) ([]int, error) {
	var ids []int
	for part := range strings.SplitSeq(strings.TrimSpace(s), ",") {
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("cannot parse CPU list %q", s)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("cannot parse CPU list %q", s)
			}
		}
		for i := a; i <= b; i++ {
			ids = append(ids, i)
		}
	}
	return ids, nil
}

// formatCPUList writes ids as lscpu does: runs of three or more as a
// range, shorter runs one by one ("0,1" but "0-2").
func formatCPUList(ids []int) string {
	var parts []string
	for i := 0; i < len(ids); {
		j := i
		for j+1 < len(ids) && ids[j+1] == ids[j]+1 {
			j++
		}
		if j-i >= 2 {
			parts = append(parts, fmt.Sprintf("%d-%d", ids[i], ids[j]))
		} else {
			for k := i; k <= j; k++ {
				parts = append(parts, strconv.Itoa(ids[k]))
			}
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

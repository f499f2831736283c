package hardware

import (
	"strconv"
	"strings"
)

// armImplementers names the "CPU implementer" codes of arm64 cpuinfo.
var armImplementers = map[uint64]string{
	0x41: "ARM", 0x42: "Broadcom", 0x43: "Cavium", 0x46: "Fujitsu",
	0x48: "HiSilicon", 0x4e: "NVIDIA", 0x50: "APM", 0x51: "Qualcomm",
	0x61: "Apple", 0x6d: "Microsoft", 0xc0: "Ampere",
}

// armParts names the Arm Ltd. core designs ("CPU part" with implementer
// 0x41) found in the boards people run Anna on. Other parts are shown by
// number, which is still a fact the user can look up.
var armParts = map[uint64]string{
	0xd03: "Cortex-A53", 0xd04: "Cortex-A35", 0xd05: "Cortex-A55",
	0xd07: "Cortex-A57", 0xd08: "Cortex-A72", 0xd09: "Cortex-A73",
	0xd0a: "Cortex-A75", 0xd0b: "Cortex-A76", 0xd0c: "Neoverse-N1",
	0xd0d: "Cortex-A77", 0xd40: "Neoverse-V1", 0xd41: "Cortex-A78",
	0xd44: "Cortex-X1", 0xd46: "Cortex-A510", 0xd47: "Cortex-A710",
	0xd48: "Cortex-X2", 0xd49: "Neoverse-N2", 0xd4b: "Cortex-A78C",
	0xd4d: "Cortex-A715", 0xd4e: "Cortex-X3", 0xd4f: "Neoverse-V2",
	0xd80: "Cortex-A520", 0xd81: "Cortex-A720", 0xd82: "Cortex-X4",
}

// armCoreNames names the distinct cores of an arm64 system in cpuinfo
// order, so big.LITTLE designs read "ARM Cortex-A55 + Cortex-A76". It
// returns "" when cpuinfo has no implementer codes.
func armCoreNames(entries []cpuinfoEntry) string {
	var names []string
	seen := map[string]bool{}
	vendor := ""
	for _, e := range entries {
		impl, okI := parseHex(e["CPU implementer"])
		part, okP := parseHex(e["CPU part"])
		if !okI || !okP {
			continue
		}
		v, known := armImplementers[impl]
		if !known {
			v = "CPU implementer 0x" + strconv.FormatUint(impl, 16)
		}
		name, known := "", false
		if impl == 0x41 {
			name, known = armParts[part]
		}
		if !known {
			name = "part 0x" + strconv.FormatUint(part, 16)
		}
		if vendor == "" {
			vendor = v
		} else if vendor != v {
			name = v + " " + name
		}
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return vendor + " " + strings.Join(names, " + ")
}

func parseHex(s string) (uint64, bool) {
	s = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "0x")
	if s == "" {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 16, 64)
	return n, err == nil
}

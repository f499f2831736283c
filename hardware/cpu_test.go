package hardware

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

func TestParseCPUList(t *testing.T) {
	for in, want := range map[string][]int{
		"0-3\n": {0, 1, 2, 3}, "0": {0}, "0-1,4,6-7": {0, 1, 4, 6, 7}, "": nil,
	} {
		got, err := parseCPUList(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("parseCPUList(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"a", "3-1", "0-x"} {
		if _, err := parseCPUList(bad); err == nil {
			t.Errorf("parseCPUList(%q) accepted", bad)
		}
	}
}

// cpuinfoBlocks builds an arm64-style cpuinfo, one block per (implementer,
// part) pair.
func cpuinfoBlocks(pairs ...[2]string) string {
	var b strings.Builder
	for i, p := range pairs {
		b.WriteString("processor\t: " + string(rune('0'+i)) + "\nCPU implementer\t: " + p[0] + "\nCPU part\t: " + p[1] + "\n\n")
	}
	return b.String()
}

func TestCPUModelFallbacks(t *testing.T) {
	tests := []struct {
		name, cpuinfo, dtModel, want string
	}{
		{"big.LITTLE in cpuinfo order", cpuinfoBlocks([2]string{"0x41", "0xd05"}, [2]string{"0x41", "0xd05"}, [2]string{"0x41", "0xd0b"}),
			"", "ARM Cortex-A55 + Cortex-A76"},
		{"unknown part keeps its number", cpuinfoBlocks([2]string{"0x41", "0xfff"}), "", "ARM part 0xfff"},
		{"other implementer", cpuinfoBlocks([2]string{"0xc0", "0xac3"}), "", "Ampere part 0xac3"},
		{"board from device tree", cpuinfoBlocks([2]string{"0x41", "0xd03"}), "Pine64 PinePhone\x00", "ARM Cortex-A53 (Pine64 PinePhone)"},
		{"Hardware line beats part numbers", cpuinfoBlocks([2]string{"0x41", "0xd03"}) + "Hardware\t: BCM2835\nModel\t\t: Raspberry Pi 3 Model B Rev 1.2\n",
			"", "BCM2835 (Raspberry Pi 3 Model B Rev 1.2)"},
		{"model name wins", "processor\t: 0\nmodel name\t: ARMv7 Processor rev 4 (v7l)\nCPU implementer\t: 0x41\nCPU part\t: 0xd03\n", "Raspberry Pi", "ARMv7 Processor rev 4 (v7l)"},
		{"POWER", "processor\t: 0\ncpu\t\t: POWER9 (raw), altivec supported\n", "", "POWER9 (raw), altivec supported"},
		{"RISC-V", "processor\t: 0\nisa\t\t: rv64imafdc\nuarch\t\t: sifive,u74-mc\n", "", "sifive,u74-mc"},
		{"only the device tree", "processor\t: 0\nBogoMIPS\t: 48.00\n", "QEMU virt", "QEMU virt"},
		{"nothing", "processor\t: 0\n", "", ""},
	}
	for _, tc := range tests {
		root := t.TempDir()
		if tc.dtModel != "" {
			writeFixtureFile(t, filepath.Join(root, "sys/firmware/devicetree/base/model"), tc.dtModel)
		}
		entries, global := parseCPUInfo([]byte(tc.cpuinfo))
		if got := cpuModel(dirs.At(root), entries, global); got != tc.want {
			t.Errorf("%s: model %q; want %q", tc.name, got, tc.want)
		}
	}
}

// Hyperthreaded x86 counts distinct (package, core) pairs; cpuinfo without
// them defers to sysfs, where SMT siblings share a core_cpus_list.
func TestCoreCounting(t *testing.T) {
	x86 := "processor: 0\nphysical id: 0\ncore id: 0\n\nprocessor: 1\nphysical id: 1\ncore id: 0\n\nprocessor: 2\nphysical id: 0\ncore id: 0\n"
	entries, _ := parseCPUInfo([]byte(x86))
	if n := coresFromCPUInfo(entries); n != 2 {
		t.Errorf("two packages with core 0 each: %d cores; want 2", n)
	}
	entries, _ = parseCPUInfo([]byte("processor: 0\nphysical id: 0\ncore id: 0\n\nprocessor: 1\n"))
	if n := coresFromCPUInfo(entries); n != 0 {
		t.Errorf("incomplete cpuinfo: %d cores; want 0 (ask sysfs)", n)
	}

	root := t.TempDir()
	cpu := filepath.Join(root, "sys/devices/system/cpu")
	writeFixtureFile(t, filepath.Join(cpu, "online"), "0-3\n")
	// cpu0/cpu2 and cpu1/cpu3 are SMT siblings; cpu3 uses the pre-5.6 name.
	for c, list := range map[string]string{"cpu0/topology/core_cpus_list": "0,2", "cpu1/topology/core_cpus_list": "1,3",
		"cpu2/topology/core_cpus_list": "0,2", "cpu3/topology/thread_siblings_list": "1,3"} {
		writeFixtureFile(t, filepath.Join(cpu, c), list+"\n")
	}
	// An offline CPU's topology must not count.
	writeFixtureFile(t, filepath.Join(cpu, "cpu4/topology/core_cpus_list"), "4\n")
	n, err := coresFromTopology(dirs.At(root))
	if err != nil || n != 2 {
		t.Errorf("coresFromTopology = %d, %v; want 2", n, err)
	}
	if err := os.Remove(filepath.Join(cpu, "online")); err != nil {
		t.Fatal(err)
	}
	if n, err := coresFromTopology(dirs.At(root)); err != nil || n != 3 {
		t.Errorf("without online, every cpuN counts: %d, %v; want 3", n, err)
	}
}

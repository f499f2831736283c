package hardware

import (
	"bufio"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func TestFields(t *testing.T) {
	igpu := rpc.GPU{Vendor: "intel", Model: "Intel UHD 630", Integrated: true, Source: integratedPrefix + "x"}
	unknownVRAM := rpc.GPU{Vendor: "nvidia", Model: "RTX 3070", Source: "no VRAM size"}
	tests := []struct {
		name string
		hw   rpc.Hardware
		want map[string]string
	}{
		{"full", rpc.Hardware{CPUModel: "AMD Ryzen 7 5800X", Cores: 8, Threads: 16, RAMTotalBytes: 31 * gib, RAMAvailableBytes: 20 * gib,
			GPUs: []rpc.GPU{igpu, dGPU("RTX 2060", 6*gib), dGPU("RTX 3090", 24*gib)}},
			map[string]string{"cpu_model": "AMD Ryzen 7 5800X", "cpu_cores": "8", "cpu_threads": "16", "ram_gb": "31.0 GiB",
				"ram_available_gb": "20.0 GiB", "gpu_model": "RTX 3090; Intel UHD 630 (integrated); RTX 2060", "vram_gb": "24.0 GiB"}},
		{"nothing known", rpc.Hardware{},
			map[string]string{"cpu_model": "unknown", "cpu_cores": "unknown", "cpu_threads": "unknown", "ram_gb": "unknown",
				"ram_available_gb": "unknown", "gpu_model": "none", "vram_gb": "none"}},
		{"integrated only", rpc.Hardware{GPUs: []rpc.GPU{igpu}}, map[string]string{"gpu_model": "Intel UHD 630 (integrated)", "vram_gb": "none"}},
		{"VRAM not reported", rpc.Hardware{GPUs: []rpc.GPU{igpu, unknownVRAM}}, map[string]string{"gpu_model": "Intel UHD 630 (integrated); RTX 3070", "vram_gb": "unknown"}},
	}
	for _, tc := range tests {
		got := Fields(tc.hw)
		if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, slices.Sorted(slices.Values(FieldNames()))) {
			t.Errorf("%s: keys %v; want FieldNames %v", tc.name, keys, FieldNames())
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%s: %s = %q; want %q", tc.name, k, got[k], v)
			}
		}
	}
}

func TestPCINames(t *testing.T) {
	l := expandFixture(t, "two-gpus")
	n := newPCINames(l)
	for _, tc := range []struct {
		vendor, device uint64
		want           string
	}{
		{0x1002, 0x73bf, "AMD Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]"},
		{0x1002, 0x0e3a, ""}, // a subsystem id, not a device of 1002
		{0x10de, 0x2484, "NVIDIA GA104 [GeForce RTX 3070]"},
		{0x1000, 0x0001, "Broadcom / LSI 53c810"},
		{0x8086, 0x9a49, "Intel TigerLake-LP GT2 [Iris Xe Graphics]"},
		{0x1234, 0x1111, ""},
	} {
		if got := n.model(tc.vendor, tc.device); got != tc.want {
			t.Errorf("model(%04x, %04x) = %q; want %q", tc.vendor, tc.device, got, tc.want)
		}
	}
	// Each vendor section is read once, including the absent vendor.
	if len(n.vendors) != 5 || n.vendors[0x1234] != nil {
		t.Errorf("cached vendors = %v", slices.Sorted(maps.Keys(n.vendors)))
	}
	if got := newPCINames(dirs.At(t.TempDir())).model(0x1002, 0x73bf); got != "" {
		t.Errorf("without pci.ids: %q", got)
	}
}

// scanVendor stops at the class section, where lines are not vendor ids.
func TestScanVendorStopsAtClasses(t *testing.T) {
	db := "10de  NVIDIA Corporation\n\t2484  GA104\nC 03  Display controller\n\t00  VGA compatible controller\n"
	v := scanVendor(bufio.NewScanner(strings.NewReader(db)), 0x10de)
	if v == nil || len(v.devices) != 1 || v.devices[0x2484] != "GA104" {
		t.Errorf("vendor = %+v", v)
	}
}

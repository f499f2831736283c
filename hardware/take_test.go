package hardware

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// smiMode says how the injected runner behaves when Take asks for nvidia-smi.
type smiMode int

const (
	smiFixture smiMode = iota // print the fixture's nvidia-smi.txt; absent means not installed
	smiMissing                // not installed
	smiFailing                // exits non-zero, as when the driver is not loaded
	smiHanging                // never answers
)

// runnerFor scripts nvidia-smi and fails the test if Take runs anything
// else or changes the fixed argument vector.
func runnerFor(t *testing.T, l dirs.Layout, mode smiMode) Runner {
	return func(ctx context.Context, name string, args ...string) ([]byte, error) {
		if name != "nvidia-smi" || !slices.Equal(args, smiArgs) {
			t.Errorf("ran %s %q; want nvidia-smi %q", name, args, smiArgs)
		}
		notFound := &exec.Error{Name: name, Err: exec.ErrNotFound}
		switch mode {
		case smiMissing:
			return nil, notFound
		case smiFailing:
			return nil, errors.New("cannot run nvidia-smi: exit status 9: NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver")
		case smiHanging:
			<-ctx.Done()
			return nil, ctx.Err()
		}
		b, err := os.ReadFile(l.Path("/nvidia-smi.txt"))
		if errors.Is(err, os.ErrNotExist) {
			return nil, notFound
		}
		return b, err
	}
}

func TestTakeAndSelect(t *testing.T) {
	const kB = 1024
	tests := []struct {
		fixture       string
		smi           smiMode
		cpu           string
		cores, thr    int
		ramKB         uint64
		gpus          []rpc.GPU // Source is compared as a prefix
		model, row    string
		reasonMention string
	}{
		{fixture: "amd-16g", cpu: "AMD Ryzen 7 5800X 8-Core Processor", cores: 2, thr: 4, ramKB: 32803448,
			gpus:  []rpc.GPU{{Vendor: "amd", Model: "AMD Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]", VRAMBytes: 17163091968, Source: "amdgpu sysfs mem_info_vram_total"}},
			model: "qwen2.5:14b", row: "12GB+ VRAM", reasonMention: "15.9 GiB VRAM"},
		{fixture: "nvidia-8g", cpu: "Intel(R) Core(TM) i7-10700K CPU @ 3.80GHz", cores: 2, thr: 4, ramKB: 16246528,
			gpus:  []rpc.GPU{{Vendor: "nvidia", Model: "NVIDIA GeForce RTX 3070", VRAMBytes: 8 << 30, Source: "nvidia-smi memory.total"}},
			model: "llama3.1:8b", row: "8GB VRAM", reasonMention: "NVIDIA GeForce RTX 3070 has 8.0 GiB VRAM"},
		{fixture: "amd-6g", ramKB: 16246528, cpu: "AMD Ryzen 5 3600 6-Core Processor", cores: 2, thr: 4,
			gpus:  []rpc.GPU{{Vendor: "amd", Model: "AMD GPU 0x731f", VRAMBytes: 6425673728, Source: "amdgpu sysfs"}},
			model: "qwen2.5:7b", row: "6GB VRAM", reasonMention: "5.9 GiB"},
		{fixture: "nvidia-4g", ramKB: 8029304, cpu: "Intel(R) Core(TM) i5-9400F CPU @ 2.90GHz", cores: 2, thr: 4,
			gpus:  []rpc.GPU{{Vendor: "nvidia", Model: "NVIDIA GeForce GTX 1650", VRAMBytes: 4 << 30, Source: "nvidia-smi memory.total"}},
			model: "llama3.2:3b", row: "4GB VRAM", reasonMention: "GTX 1650"},
		{fixture: "cpu-32g", ramKB: 32803448, cpu: "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz", cores: 2, thr: 4,
			model: "llama3.1:8b", row: "No GPU, 32GB+ RAM", reasonMention: "no GPU, 31.2 GiB RAM"},
		{fixture: "cpu-16g", ramKB: 16246528, cpu: "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz", cores: 2, thr: 4,
			model: "llama3.2:3b", row: "No GPU, 16GB+ RAM", reasonMention: "15.4 GiB RAM"},
		{fixture: "cpu-8g", ramKB: 8029304, cpu: "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz", cores: 2, thr: 4,
			model: "llama3.2:1b", row: "No GPU, 8GB+ RAM", reasonMention: "7.6 GiB RAM"},
		{fixture: "cpu-4g", ramKB: 4009980, cpu: "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz", cores: 2, thr: 4,
			model: "qwen2.5:0.5b", row: "Limited", reasonMention: "only 3.8 GiB RAM"},
		{fixture: "amd-7.8g", ramKB: 16246528, cpu: "AMD Ryzen 5 5600X 6-Core Processor", cores: 2, thr: 4,
			gpus:  []rpc.GPU{{Vendor: "amd", Model: "AMD GPU 0x73ff", VRAMBytes: 7988 << 20, Source: "amdgpu sysfs"}},
			model: "llama3.1:8b", row: "8GB VRAM", reasonMention: "7.8 GiB VRAM"},
		{fixture: "intel-igpu-64g", ramKB: 65660000, cpu: "11th Gen Intel(R) Core(TM) i7-1185G7 @ 3.00GHz", cores: 2, thr: 4,
			gpus:  []rpc.GPU{{Vendor: "intel", Model: "Intel TigerLake-LP GT2 [Iris Xe Graphics]", Integrated: true, Source: "integrated: Intel GPU at 0000:00:02.0"}},
			model: "llama3.1:8b", row: "No GPU, 32GB+ RAM", reasonMention: "no dedicated GPU, 62.6 GiB RAM"},
		{fixture: "amd-apu-16g", ramKB: 15728640, cpu: "AMD Ryzen 7 5700G with Radeon Graphics", cores: 2, thr: 4,
			gpus:  []rpc.GPU{{Vendor: "amd", Model: "AMD Cezanne [Radeon Vega Series / Radeon Vega Mobile Series]", Integrated: true, Source: "integrated: amdgpu reports a 512 MiB carve-out"}},
			model: "llama3.2:3b", row: "No GPU, 16GB+ RAM", reasonMention: "no dedicated GPU, 15.0 GiB RAM"},
		{fixture: "two-gpus", ramKB: 32803448, cpu: "AMD Ryzen 9 5900X 12-Core Processor", cores: 2, thr: 4,
			gpus: []rpc.GPU{
				{Vendor: "nvidia", Model: "NVIDIA GeForce RTX 2060", VRAMBytes: 6 << 30, Source: "nvidia-smi memory.total"},
				{Vendor: "amd", Model: "AMD Navi 22 [Radeon RX 6700/6700 XT/6750 XT / 6800M/6850M XT]", VRAMBytes: 12272 << 20, Source: "amdgpu sysfs"},
			},
			model: "qwen2.5:14b", row: "12GB+ VRAM", reasonMention: "Navi 22"},
		{fixture: "arm-rpi4", ramKB: 7998928, cpu: "ARM Cortex-A72 (Raspberry Pi 4 Model B Rev 1.4)", cores: 4, thr: 4,
			model: "llama3.2:1b", row: "No GPU, 8GB+ RAM", reasonMention: "no GPU"},
		// The same RTX 3070 box when nvidia-smi cannot give the VRAM: the
		// GPU stays listed, its VRAM is unknown, and RAM decides.
		{fixture: "nvidia-8g", smi: smiMissing, cpu: "Intel(R) Core(TM) i7-10700K CPU @ 3.80GHz", cores: 2, thr: 4, ramKB: 16246528,
			gpus:  []rpc.GPU{{Vendor: "nvidia", Model: "NVIDIA GeForce RTX 3070", Source: "no VRAM size: nvidia-smi is not installed"}},
			model: "llama3.2:3b", row: "No GPU, 16GB+ RAM", reasonMention: "no known VRAM size for NVIDIA GeForce RTX 3070"},
		{fixture: "nvidia-8g", smi: smiFailing, cpu: "Intel(R) Core(TM) i7-10700K CPU @ 3.80GHz", cores: 2, thr: 4, ramKB: 16246528,
			gpus:  []rpc.GPU{{Vendor: "nvidia", Model: "NVIDIA GeForce RTX 3070", Source: "no VRAM size: nvidia-smi failed: cannot run nvidia-smi: exit status 9: NVIDIA-SMI has failed"}},
			model: "llama3.2:3b", row: "No GPU, 16GB+ RAM", reasonMention: "no known VRAM size"},
		{fixture: "nvidia-8g", smi: smiHanging, cpu: "Intel(R) Core(TM) i7-10700K CPU @ 3.80GHz", cores: 2, thr: 4, ramKB: 16246528,
			gpus:  []rpc.GPU{{Vendor: "nvidia", Model: "NVIDIA GeForce RTX 3070", Source: "no VRAM size: nvidia-smi did not answer in time"}},
			model: "llama3.2:3b", row: "No GPU, 16GB+ RAM", reasonMention: "no known VRAM size"},
	}
	for _, tc := range tests {
		name := tc.fixture + []string{"", "/smi-missing", "/smi-failing", "/smi-hanging"}[tc.smi]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := expandFixture(t, tc.fixture)
			// A short deadline keeps the hanging case fast; it is not a
			// threshold the test measures, so the others get a long one
			// that a loaded machine cannot miss.
			timeout := time.Minute
			if tc.smi == smiHanging {
				timeout = 50 * time.Millisecond
			}
			hw, err := Take(context.Background(), l, WithRunner(runnerFor(t, l, tc.smi)), WithCommandTimeout(timeout))
			if err != nil {
				t.Fatal(err)
			}
			if hw.CPUModel != tc.cpu || hw.Cores != tc.cores || hw.Threads != tc.thr {
				t.Errorf("cpu = %q, %d cores, %d threads; want %q, %d, %d", hw.CPUModel, hw.Cores, hw.Threads, tc.cpu, tc.cores, tc.thr)
			}
			if hw.RAMTotalBytes != tc.ramKB*kB || hw.RAMAvailableBytes == 0 || hw.RAMAvailableBytes > hw.RAMTotalBytes {
				t.Errorf("ram = %d total, %d available; want total %d", hw.RAMTotalBytes, hw.RAMAvailableBytes, tc.ramKB*kB)
			}
			checkGPUs(t, hw.GPUs, tc.gpus)
			c := Select(hw)
			if c.Model != tc.model || c.Row != tc.row {
				t.Errorf("Select = %q (row %q); want %q (row %q)", c.Model, c.Row, tc.model, tc.row)
			}
			if !strings.Contains(c.Reason, "(row: "+tc.row+")") || !strings.Contains(c.Reason, tc.reasonMention) {
				t.Errorf("Reason %q does not name row %q and %q", c.Reason, tc.row, tc.reasonMention)
			}
		})
	}
}

func checkGPUs(t *testing.T, got, want []rpc.GPU) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("GPUs = %+v; want %+v", got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Vendor != w.Vendor || g.Model != w.Model || g.VRAMBytes != w.VRAMBytes || !strings.HasPrefix(g.Source, w.Source) {
			t.Errorf("GPU %d = %+v; want %+v (Source as prefix)", i, g, w)
		}
	}
}

// Without an NVIDIA device Take must not spend an exec on nvidia-smi.
func TestTakeRunsNothingWithoutNVIDIA(t *testing.T) {
	for _, f := range []string{"amd-16g", "cpu-8g", "intel-igpu-64g", "arm-rpi4"} {
		l := expandFixture(t, f)
		ran := false
		run := func(context.Context, string, ...string) ([]byte, error) { ran = true; return nil, nil }
		if _, err := Take(context.Background(), l, WithRunner(run)); err != nil {
			t.Fatal(err)
		}
		if ran {
			t.Errorf("%s: Take ran a program", f)
		}
	}
}

// The facts every answer depends on are errors when missing; GPUs are not.
func TestTakeMissingSources(t *testing.T) {
	noMeminfo := expandFixture(t, "cpu-8g")
	if err := os.Remove(filepath.Join(noMeminfo.Proc(), "meminfo")); err != nil {
		t.Fatal(err)
	}
	noCPUInfo := expandFixture(t, "cpu-8g")
	if err := os.Remove(filepath.Join(noCPUInfo.Proc(), "cpuinfo")); err != nil {
		t.Fatal(err)
	}
	noMemTotal := expandFixture(t, "cpu-8g")
	writeFixtureFile(t, filepath.Join(noMemTotal.Proc(), "meminfo"), "MemFree: 100 kB\n")
	for name, l := range map[string]dirs.Layout{"meminfo": noMeminfo, "cpuinfo": noCPUInfo, "MemTotal": noMemTotal} {
		_, err := Take(context.Background(), l)
		if err == nil || !strings.HasPrefix(err.Error(), "cannot ") || !strings.Contains(err.Error(), name) {
			t.Errorf("without %s: err = %v; want a \"cannot …\" error naming it", name, err)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Take(ctx, expandFixture(t, "cpu-8g")); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled ctx: err = %v", err)
	}
}

// An unbound or driverless device must still be listed, and a missing
// topology leaves the core count unknown rather than invented.
func TestTakeDegradedSysfs(t *testing.T) {
	l := expandFixture(t, "amd-6g")
	dev := filepath.Join(l.Sys(), "class/drm/card0/device")
	for _, f := range []string{"driver", "mem_info_vram_total"} {
		if err := os.Remove(filepath.Join(dev, f)); err != nil {
			t.Fatal(err)
		}
	}
	hw, err := Take(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	checkGPUs(t, hw.GPUs, []rpc.GPU{{Vendor: "amd", Model: "AMD GPU 0x731f", Source: "no driver: sysfs has no mem_info_vram_total"}})
	if c := Select(hw); c.Row != "No GPU, 16GB+ RAM" || !strings.Contains(c.Reason, "no known VRAM size for AMD GPU 0x731f") {
		t.Errorf("Select = %+v", c)
	}

	arm := expandFixture(t, "arm-rpi4")
	if err := os.RemoveAll(filepath.Join(arm.Sys(), "devices/system/cpu")); err != nil {
		t.Fatal(err)
	}
	hw, err = Take(context.Background(), arm)
	if err != nil {
		t.Fatal(err)
	}
	if hw.Cores != 0 || hw.Threads != 4 {
		t.Errorf("without sysfs topology: %d cores, %d threads; want 0 (unknown), 4 from cpuinfo", hw.Cores, hw.Threads)
	}
}

func TestTakeHost(t *testing.T) {
	hw, err := Take(context.Background(), dirs.Host)
	if err != nil {
		t.Fatal(err)
	}
	if hw.Cores < 1 || hw.Threads < hw.Cores {
		t.Errorf("host: %d cores, %d threads", hw.Cores, hw.Threads)
	}
	if hw.RAMTotalBytes == 0 || hw.RAMAvailableBytes > hw.RAMTotalBytes {
		t.Errorf("host: RAM %d total, %d available", hw.RAMTotalBytes, hw.RAMAvailableBytes)
	}
	if hw.CPUModel == "" {
		t.Error("host: no CPU model")
	}
	c := Select(hw)
	if c.Model == "" || !strings.Contains(c.Reason, c.Row) {
		t.Errorf("host: Select = %+v", c)
	}
	t.Logf("%+v\n%+v", hw, c)
}

func BenchmarkTakeHost(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		if _, err := Take(ctx, dirs.Host); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTakeTwoGPUs covers the GPU path the host lacks: two cards,
// /proc/driver/nvidia, a pci.ids lookup and a (scripted) nvidia-smi.
func BenchmarkTakeTwoGPUs(b *testing.B) {
	l := expandFixture(b, "two-gpus")
	out, err := os.ReadFile(l.Path("/nvidia-smi.txt"))
	if err != nil {
		b.Fatal(err)
	}
	run := func(context.Context, string, ...string) ([]byte, error) { return out, nil }
	ctx := context.Background()
	for b.Loop() {
		if _, err := Take(ctx, l, WithRunner(run)); err != nil {
			b.Fatal(err)
		}
	}
}

package hardware

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

const mib = 1 << 20

func dGPU(model string, vram uint64) rpc.GPU {
	return rpc.GPU{Vendor: "nvidia", Model: model, VRAMBytes: vram, Source: "nvidia-smi memory.total"}
}

// edge is the smallest byte count that meets pct percent of nominal GiB.
func edge(nominalGiB, pct uint64) uint64 { return (nominalGiB*gib*pct + 99) / 100 }

// The edges of every row, in bytes, so a change of tolerance or of the
// comparison shows up here before it shows up on a user's machine.
func TestSelectBoundaries(t *testing.T) {
	const ram16 = 16 << 30
	tests := []struct {
		name  string
		hw    rpc.Hardware
		model string
		row   string
		says  string
	}{
		{"12 GiB at 95%", rpc.Hardware{GPUs: []rpc.GPU{dGPU("A", edge(12, 95))}}, "qwen2.5:14b", "12GB+ VRAM", "A has 11.4 GiB VRAM"},
		{"just under 95% of 12 GiB", rpc.Hardware{GPUs: []rpc.GPU{dGPU("A", edge(12, 95)-1)}}, "llama3.1:8b", "8GB VRAM", ""},
		{"11 GB card is not a 12 GB card", rpc.Hardware{GPUs: []rpc.GPU{dGPU("GTX 1080 Ti", 11264*mib)}}, "llama3.1:8b", "8GB VRAM", "11.0 GiB"},
		{"24 GB card", rpc.Hardware{GPUs: []rpc.GPU{dGPU("RTX 4090", 24564*mib)}}, "qwen2.5:14b", "12GB+ VRAM", ""},
		{"8 GiB at 95%", rpc.Hardware{GPUs: []rpc.GPU{dGPU("A", edge(8, 95))}}, "llama3.1:8b", "8GB VRAM", ""},
		{"just under 95% of 8 GiB", rpc.Hardware{GPUs: []rpc.GPU{dGPU("A", edge(8, 95)-1)}}, "qwen2.5:7b", "6GB VRAM", ""},
		{"6 GiB at 95%", rpc.Hardware{GPUs: []rpc.GPU{dGPU("A", edge(6, 95))}}, "qwen2.5:7b", "6GB VRAM", ""},
		{"just under 95% of 6 GiB", rpc.Hardware{GPUs: []rpc.GPU{dGPU("A", edge(6, 95)-1)}}, "llama3.2:3b", "4GB VRAM", ""},
		{"4 GiB at 95%", rpc.Hardware{GPUs: []rpc.GPU{dGPU("A", edge(4, 95))}}, "llama3.2:3b", "4GB VRAM", ""},
		{"3.7 GiB GPU falls to RAM", rpc.Hardware{RAMTotalBytes: ram16, GPUs: []rpc.GPU{dGPU("GT 1030", 3800*mib)}},
			"llama3.2:3b", "No GPU, 16GB+ RAM", "largest GPU GT 1030 has only 3.7 GiB VRAM, under 4 GB, 16.0 GiB RAM"},
		{"largest of three wins, wherever it is", rpc.Hardware{GPUs: []rpc.GPU{dGPU("small", 4*gib), dGPU("big", 8*gib), dGPU("mid", 6*gib)}},
			"llama3.1:8b", "8GB VRAM", "big has 8.0 GiB"},
		{"32 GiB RAM at 85%", rpc.Hardware{RAMTotalBytes: edge(32, 85)}, "llama3.1:8b", "No GPU, 32GB+ RAM", "no GPU, 27.2 GiB RAM"},
		{"24 GB machine", rpc.Hardware{RAMTotalBytes: 23800 * mib}, "llama3.2:3b", "No GPU, 16GB+ RAM", ""},
		{"16 GiB RAM at 85%", rpc.Hardware{RAMTotalBytes: edge(16, 85)}, "llama3.2:3b", "No GPU, 16GB+ RAM", ""},
		{"just under 85% of 16 GiB", rpc.Hardware{RAMTotalBytes: edge(16, 85) - 1}, "llama3.2:1b", "No GPU, 8GB+ RAM", ""},
		{"12 GB machine", rpc.Hardware{RAMTotalBytes: 11900 * mib}, "llama3.2:1b", "No GPU, 8GB+ RAM", ""},
		{"8 GiB RAM at 85%", rpc.Hardware{RAMTotalBytes: edge(8, 85)}, "llama3.2:1b", "No GPU, 8GB+ RAM", ""},
		{"just under 85% of 8 GiB", rpc.Hardware{RAMTotalBytes: edge(8, 85) - 1}, "qwen2.5:0.5b", "Limited", "only 6.7 GiB RAM"},
		{"nothing known", rpc.Hardware{}, "qwen2.5:0.5b", "Limited", "no GPU, only 0.0 GiB RAM"},
		{"integrated only", rpc.Hardware{RAMTotalBytes: 64 * gib, GPUs: []rpc.GPU{{Vendor: "intel", Model: "UHD 630", Integrated: true, Source: integratedPrefix + "x"}}},
			"llama3.1:8b", "No GPU, 32GB+ RAM", "no dedicated GPU, 64.0 GiB RAM"},
	}
	for _, tc := range tests {
		c := Select(tc.hw)
		if c.Model != tc.model || c.Row != tc.row {
			t.Errorf("%s: Select = %q (row %q); want %q (row %q)", tc.name, c.Model, c.Row, tc.model, tc.row)
		}
		if !strings.HasSuffix(c.Reason, "(row: "+tc.row+")") || !strings.Contains(c.Reason, tc.says) {
			t.Errorf("%s: Reason %q; want it to say %q and name the row", tc.name, c.Reason, tc.says)
		}
	}
}

// The table is the spec's, word for word: row names and Ollama tags.
func TestSelectTableIsTheSpec(t *testing.T) {
	var got []string
	for _, r := range append(append(append([]tableRow{}, vramRows...), ramRows...), limitedRow) {
		got = append(got, r.name+": "+r.model)
	}
	want := []string{
		"12GB+ VRAM: qwen2.5:14b", "8GB VRAM: llama3.1:8b", "6GB VRAM: qwen2.5:7b", "4GB VRAM: llama3.2:3b",
		"No GPU, 32GB+ RAM: llama3.1:8b", "No GPU, 16GB+ RAM: llama3.2:3b", "No GPU, 8GB+ RAM: llama3.2:1b",
		"Limited: qwen2.5:0.5b",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("table:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestGiBString(t *testing.T) {
	for b, want := range map[uint64]string{0: "0.0 GiB", 8 * gib: "8.0 GiB", 7988 * mib: "7.8 GiB", 8*gib - 1: "7.9 GiB", 1536 * mib: "1.5 GiB"} {
		if got := gibString(b); got != want {
			t.Errorf("gibString(%d) = %q; want %q", b, got, want)
		}
	}
}

package hardware

import (
	"fmt"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Choice is the model Select picks and the table row that picked it.
type Choice struct {
	// Model is the Ollama tag, e.g. "llama3.1:8b".
	Model string
	// Row is the spec's row as the spec writes it, e.g. "8GB VRAM".
	Row string
	// Reason is a sentence for status output that states the deciding fact
	// and names Row.
	Reason string
}

// tableRow is one row of the spec's "Model Selection" table.
type tableRow struct {
	name       string
	model      string
	nominalGiB uint64
}

// The spec table, largest first; Select takes the first row that fits.
var (
	vramRows = []tableRow{
		{"12GB+ VRAM", "qwen2.5:14b", 12},
		{"8GB VRAM", "llama3.1:8b", 8},
		{"6GB VRAM", "qwen2.5:7b", 6},
		{"4GB VRAM", "llama3.2:3b", 4},
	}
	ramRows = []tableRow{
		{"No GPU, 32GB+ RAM", "llama3.1:8b", 32},
		{"No GPU, 16GB+ RAM", "llama3.2:3b", 16},
		{"No GPU, 8GB+ RAM", "llama3.2:1b", 8},
	}
	limitedRow = tableRow{"Limited", "qwen2.5:0.5b", 0}
)

// Tolerances, in percent of a row's nominal size, for what the kernel
// reports against what the box says.
//
// VRAM: drivers report nearly all of it (an "8 GB" card shows 7.8-8.0
// GiB), and 95% keeps an 11 GB card (91.7% of 12) out of the 12GB row.
//
// RAM: MemTotal loses the kernel image, firmware reservations, a
// crashkernel area and any integrated-GPU carve-out; a 16 GB laptop with a
// 2 GB APU carve-out shows about 13.6 GiB. 85% still keeps a 12 GB machine
// (about 11.6 GiB) out of the 16GB row and a 24 GB one out of the 32GB row.
const (
	vramTolerancePct = 95
	ramTolerancePct  = 85
)

func meets(bytes, nominalGiB, pct uint64) bool {
	return bytes*100 >= nominalGiB*gib*pct
}

// Select applies the spec's model table to a snapshot. The GPU with the
// largest dedicated VRAM decides; integrated GPUs have no dedicated VRAM
// (Take records 0 for them) and a GPU under 4 GB or of unknown VRAM counts
// as "No GPU", so the RAM rows decide. A row's nominal size in GiB is met
// at 95% for VRAM (an "8 GB" card reporting 7.8 GiB is an 8 GB card) and at
// 85% for RAM (a 16 GB machine shows 13.6-15.6 GiB MemTotal).
func Select(hw rpc.Hardware) Choice {
	best := largestDedicated(hw.GPUs)
	if best >= 0 {
		g := hw.GPUs[best]
		for _, r := range vramRows {
			if meets(g.VRAMBytes, r.nominalGiB, vramTolerancePct) {
				return Choice{Model: r.model, Row: r.name,
					Reason: fmt.Sprintf("%s has %s VRAM (row: %s)", g.Model, gibString(g.VRAMBytes), r.name)}
			}
		}
	}
	why := noUsableGPU(hw.GPUs, best)
	ram := gibString(hw.RAMTotalBytes)
	for _, r := range ramRows {
		if meets(hw.RAMTotalBytes, r.nominalGiB, ramTolerancePct) {
			return Choice{Model: r.model, Row: r.name,
				Reason: fmt.Sprintf("%s, %s RAM (row: %s)", why, ram, r.name)}
		}
	}
	return Choice{Model: limitedRow.model, Row: limitedRow.name,
		Reason: fmt.Sprintf("%s, only %s RAM (row: %s)", why, ram, limitedRow.name)}
}

// largestDedicated returns the index of the GPU with the most VRAM, or -1
// when no GPU reports any.
func largestDedicated(gpus []rpc.GPU) int {
	best := -1
	for i, g := range gpus {
		if g.VRAMBytes > 0 && (best < 0 || g.VRAMBytes > gpus[best].VRAMBytes) {
			best = i
		}
	}
	return best
}

// noUsableGPU says why the VRAM rows did not apply.
func noUsableGPU(gpus []rpc.GPU, best int) string {
	if best >= 0 {
		g := gpus[best]
		return fmt.Sprintf("largest GPU %s has only %s VRAM, under 4 GB", g.Model, gibString(g.VRAMBytes))
	}
	var unknown []string
	for _, g := range gpus {
		if !isIntegrated(g) {
			unknown = append(unknown, g.Model)
		}
	}
	switch {
	case len(gpus) == 0:
		return "no GPU"
	case len(unknown) == 0:
		return "no dedicated GPU"
	}
	return "no known VRAM size for " + strings.Join(unknown, ", ")
}

// isIntegrated reports whether Take found g to share system RAM.
func isIntegrated(g rpc.GPU) bool { return g.Integrated }

// gibString formats bytes as "7.8 GiB". It truncates to one decimal instead
// of rounding, so 7.96 GiB never reads as "8.0 GiB" next to a row it missed.
func gibString(b uint64) string {
	tenths := b * 10 / gib
	return fmt.Sprintf("%d.%d GiB", tenths/10, tenths%10)
}

package hardware

import (
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Names of the hardware facts an answer's evidence can cite. They are
// stable: ledgers and supervisor checks refer to them.
const (
	FieldCPUModel     = "cpu_model"
	FieldCPUCores     = "cpu_cores"
	FieldCPUThreads   = "cpu_threads"
	FieldRAM          = "ram_gb"
	FieldRAMAvailable = "ram_available_gb"
	FieldGPUModel     = "gpu_model"
	FieldVRAM         = "vram_gb"
)

const (
	unknownValue     = "unknown"
	noneValue        = "none"
	integratedSuffix = " (integrated)"
)

// FieldNames lists every key of Fields in a fixed order, for prompts and
// for validating the hardware_fields an answer cites.
func FieldNames() []string {
	return []string{FieldCPUModel, FieldCPUCores, FieldCPUThreads, FieldRAM,
		FieldRAMAvailable, FieldGPUModel, FieldVRAM}
}

// Fields renders the snapshot as citable facts. Every key of FieldNames is
// present; a fact the snapshot lacks reads "unknown", and an absent thing
// (no GPU, no dedicated VRAM) reads "none". Sizes are GiB with one decimal
// and the unit, e.g. "15.5 GiB", whatever the key's "gb" suggests.
// gpu_model lists all GPUs, first the one whose VRAM Select counts;
// vram_gb is that GPU's dedicated VRAM.
func Fields(hw rpc.Hardware) map[string]string {
	f := map[string]string{
		FieldCPUModel:     orUnknown(hw.CPUModel),
		FieldCPUCores:     countOrUnknown(hw.Cores),
		FieldCPUThreads:   countOrUnknown(hw.Threads),
		FieldRAM:          sizeOrUnknown(hw.RAMTotalBytes),
		FieldRAMAvailable: sizeOrUnknown(hw.RAMAvailableBytes),
		FieldGPUModel:     noneValue,
		FieldVRAM:         noneValue,
	}
	if len(hw.GPUs) == 0 {
		return f
	}
	best := largestDedicated(hw.GPUs)
	var models []string
	if best >= 0 {
		models = append(models, hw.GPUs[best].Model)
		f[FieldVRAM] = gibString(hw.GPUs[best].VRAMBytes)
	}
	for i, g := range hw.GPUs {
		switch {
		case i == best:
			continue
		case isIntegrated(g):
			models = append(models, g.Model+integratedSuffix)
		default:
			models = append(models, g.Model)
			if best < 0 {
				// A dedicated GPU whose size the driver did not give.
				f[FieldVRAM] = unknownValue
			}
		}
	}
	f[FieldGPUModel] = strings.Join(models, "; ")
	return f
}

func orUnknown(s string) string {
	if s == "" {
		return unknownValue
	}
	return s
}

func countOrUnknown(n int) string {
	if n <= 0 {
		return unknownValue
	}
	return strconv.Itoa(n)
}

func sizeOrUnknown(b uint64) string {
	if b == 0 {
		return unknownValue
	}
	return gibString(b)
}

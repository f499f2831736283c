package hardware

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// PCI vendor ids of the GPU makers the selection table cares about.
const (
	vendorAMD    = 0x1002
	vendorNVIDIA = 0x10de
	vendorIntel  = 0x8086
)

const gib = 1 << 30

// integratedPrefix starts the Source of a GPU that shares system RAM.
// Such a GPU gets VRAMBytes 0: its carve-out is system memory, not VRAM,
// so neither Select nor a user asking "how much VRAM" may count it.
const integratedPrefix = "integrated: "

// amdIntegratedBelow is where an AMD GPU stops looking like an APU. APUs
// report their BIOS carve-out (typically 512 MiB) as mem_info_vram_total,
// while every discrete Radeon that can run a model has at least 2 GiB.
// Ollama draws the same line (IGPUMemLimit) for the same reason.
const amdIntegratedBelow = 1 * gib

// intelIntegratedAddr is where every Intel integrated GPU since Sandy
// Bridge sits; discrete Arc cards sit behind a PCIe port elsewhere.
const intelIntegratedAddr = "0000:00:02.0"

// pciGPU is one display adapter found in sysfs or by the NVIDIA driver.
type pciGPU struct {
	addr               string // canonical PCI address, "0000:01:00.0"
	vendorID, deviceID uint64 // 0 when unknown
	driver             string // kernel module bound to the device
	dir                string // the device's sysfs directory; "" if absent
	nvidiaModel        string // from /proc/driver/nvidia/gpus/*/information
}

func readGPUs(ctx context.Context, l dirs.Layout, o options) ([]rpc.GPU, error) {
	devs, err := drmDevices(l)
	if err != nil {
		return nil, err
	}
	if devs, err = addNVIDIAProc(l, devs); err != nil {
		return nil, err
	}
	var smi smiResult
	if hasVendor(devs, vendorNVIDIA) {
		smi = querySMI(ctx, o)
		devs = addSMIOnly(devs, smi)
	}
	names := newPCINames(l)
	gpus := make([]rpc.GPU, 0, len(devs))
	for _, d := range devs {
		g, err := describe(d, smi, names)
		if err != nil {
			return nil, err
		}
		gpus = append(gpus, g)
	}
	return gpus, nil
}

// drmDevices lists the PCI devices behind /sys/class/drm/cardN in card
// order. Connectors (card0-DP-1) and render nodes are skipped by name;
// devices without a PCI vendor file (simpledrm, SoC display blocks) are not
// GPUs a model can run on. No /sys/class/drm means no GPU, not an error.
func drmDevices(l dirs.Layout) ([]pciGPU, error) {
	base := filepath.Join(l.Sys(), "class/drm")
	ents, err := os.ReadDir(base)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot list %s: %w", base, err)
	}
	type card struct {
		n   int
		dev pciGPU
	}
	var cards []card
	seen := map[string]bool{}
	for _, e := range ents {
		n, err := strconv.Atoi(strings.TrimPrefix(e.Name(), "card"))
		if !strings.HasPrefix(e.Name(), "card") || err != nil {
			continue
		}
		dir := filepath.Join(base, e.Name(), "device")
		target, err := os.Readlink(dir)
		if err != nil {
			continue // a card without a device link is virtual
		}
		dev, ok, err := readPCIDevice(dir, canonicalPCIAddr(filepath.Base(target)))
		if err != nil {
			return nil, err
		}
		if ok && !seen[dev.addr] {
			seen[dev.addr] = true
			cards = append(cards, card{n, dev})
		}
	}
	sort.Slice(cards, func(i, j int) bool { return cards[i].n < cards[j].n })
	devs := make([]pciGPU, len(cards))
	for i, c := range cards {
		devs[i] = c.dev
	}
	return devs, nil
}

// readPCIDevice reads ids and driver of the PCI device in dir. ok is false
// when dir has no vendor file, i.e. the device is not on PCI.
func readPCIDevice(dir, addr string) (dev pciGPU, ok bool, err error) {
	vendor, err := readSysfs(dir, "vendor")
	if errors.Is(err, fs.ErrNotExist) {
		return pciGPU{}, false, nil
	}
	if err != nil {
		return pciGPU{}, false, err
	}
	dev = pciGPU{addr: addr, dir: dir}
	dev.vendorID, _ = parseHex(vendor)
	if device, err := readSysfs(dir, "device"); err == nil {
		dev.deviceID, _ = parseHex(device)
	}
	if target, err := os.Readlink(filepath.Join(dir, "driver")); err == nil {
		dev.driver = filepath.Base(target)
	}
	return dev, true, nil
}

// readSysfs reads one sysfs attribute, trimmed. A missing attribute keeps
// fs.ErrNotExist in its chain so callers can tell absence from failure.
func readSysfs(dir, name string) (string, error) {
	path := filepath.Join(dir, name)
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("cannot read %s: %w", path, err)
	}
	return strings.TrimSpace(string(b)), nil
}

func hasVendor(devs []pciGPU, vendor uint64) bool {
	for _, d := range devs {
		if d.vendorID == vendor {
			return true
		}
	}
	return false
}

// describe turns a device into the contract's GPU: vendor, the best model
// name available and dedicated VRAM with the place it was read.
func describe(d pciGPU, smi smiResult, names *pciNames) (rpc.GPU, error) {
	g := rpc.GPU{Vendor: vendorName(d.vendorID)}
	var err error
	switch d.vendorID {
	case vendorNVIDIA:
		row, found := smi.row(d.addr)
		g.Model = row.name
		if g.Model == "" {
			g.Model = d.nvidiaModel
		}
		g.VRAMBytes, g.Source = nvidiaVRAM(smi, row, found)
	case vendorAMD:
		g.VRAMBytes, g.Source, err = amdVRAM(d)
	case vendorIntel:
		g.Source = intelSource(d)
	default:
		g.Source = driverLabel(d) + ": sysfs reports no VRAM size"
	}
	if err != nil {
		return rpc.GPU{}, err
	}
	g.Integrated = strings.HasPrefix(g.Source, integratedPrefix)
	if g.Model == "" && d.dir != "" {
		g.Model, _ = readSysfs(d.dir, "product_name")
	}
	if g.Model == "" {
		g.Model = names.model(d.vendorID, d.deviceID)
	}
	if g.Model == "" {
		g.Model = fallbackModel(d)
	}
	return g, nil
}

func amdVRAM(d pciGPU) (uint64, string, error) {
	if d.dir == "" {
		return 0, driverLabel(d) + ": no sysfs device", nil
	}
	s, err := readSysfs(d.dir, "mem_info_vram_total")
	if errors.Is(err, fs.ErrNotExist) {
		// The old radeon driver and an unbound device expose no VRAM size.
		return 0, driverLabel(d) + ": sysfs has no mem_info_vram_total", nil
	}
	if err != nil {
		return 0, "", err
	}
	vram, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, "", fmt.Errorf("cannot parse %s/mem_info_vram_total %q: %w", d.dir, s, err)
	}
	if vram < amdIntegratedBelow {
		return 0, fmt.Sprintf("%samdgpu reports a %d MiB carve-out of system RAM (sysfs mem_info_vram_total), not dedicated VRAM",
			integratedPrefix, vram>>20), nil
	}
	return vram, driverLabel(d) + " sysfs mem_info_vram_total", nil
}

func intelSource(d pciGPU) string {
	if d.addr == intelIntegratedAddr {
		return integratedPrefix + "Intel GPU at " + d.addr + " shares system RAM"
	}
	return driverLabel(d) + ": sysfs reports no VRAM size"
}

func driverLabel(d pciGPU) string {
	if d.driver == "" {
		return "no driver"
	}
	return d.driver
}

func vendorName(id uint64) string {
	switch id {
	case vendorAMD:
		return "amd"
	case vendorNVIDIA:
		return "nvidia"
	case vendorIntel:
		return "intel"
	}
	return fmt.Sprintf("0x%04x", id)
}

// fallbackModel names a device by its ids when nothing better is known:
// "AMD GPU 0x73bf", or "GPU 0x1af4:0x1050" for other vendors.
func fallbackModel(d pciGPU) string {
	switch d.vendorID {
	case vendorAMD:
		return fmt.Sprintf("AMD GPU 0x%04x", d.deviceID)
	case vendorNVIDIA:
		return fmt.Sprintf("NVIDIA GPU 0x%04x", d.deviceID)
	case vendorIntel:
		return fmt.Sprintf("Intel GPU 0x%04x", d.deviceID)
	}
	return fmt.Sprintf("GPU 0x%04x:0x%04x", d.vendorID, d.deviceID)
}

// canonicalPCIAddr writes a PCI address the way sysfs does ("0000:01:00.0")
// so that nvidia-smi's "00000000:01:00.0" matches it.
func canonicalPCIAddr(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	domain, rest, ok := strings.Cut(s, ":")
	if !ok || !strings.Contains(rest, ":") {
		return s
	}
	n, err := strconv.ParseUint(domain, 16, 32)
	if err != nil {
		return s
	}
	return fmt.Sprintf("%04x:%s", n, rest)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

package hardware

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// smiArgs asks nvidia-smi for one CSV row per GPU. pci.bus_id is there so
// rows match sysfs devices by address rather than by enumeration order,
// which differs between nvidia-smi and the DRM card numbers.
var smiArgs = []string{"--query-gpu=pci.bus_id,name,memory.total", "--format=csv,noheader,nounits"}

type smiRow struct {
	addr      string
	name      string
	vramBytes uint64 // 0 when nvidia-smi printed "[N/A]" or similar
}

// smiResult is what nvidia-smi said, or why it said nothing.
type smiResult struct {
	ran  bool
	rows []smiRow
	err  error
}

func (r smiResult) row(addr string) (smiRow, bool) {
	for _, row := range r.rows {
		if row.addr == addr {
			return row, true
		}
	}
	return smiRow{}, false
}

// addNVIDIAProc annotates devices with the model name the NVIDIA driver
// publishes, and adds NVIDIA GPUs that have no DRM card (nvidia-drm not
// loaded, or a headless compute card).
func addNVIDIAProc(l dirs.Layout, devs []pciGPU) ([]pciGPU, error) {
	base := filepath.Join(l.Proc(), "driver/nvidia/gpus")
	ents, err := os.ReadDir(base)
	if errors.Is(err, fs.ErrNotExist) {
		return devs, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot list %s: %w", base, err)
	}
	for _, e := range ents {
		path := filepath.Join(base, e.Name(), "information")
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", path, err)
		}
		info := parseNVIDIAInformation(string(b))
		// Drivers before 2013 named the directories 0..N and kept the
		// address in "Bus Location".
		addr := canonicalPCIAddr(e.Name())
		if loc := info["Bus Location"]; loc != "" {
			addr = canonicalPCIAddr(loc)
		}
		i := indexOf(devs, addr)
		if i < 0 {
			dev := pciGPU{addr: addr, vendorID: vendorNVIDIA, driver: "nvidia"}
			dir := filepath.Join(l.Sys(), "bus/pci/devices", addr)
			if d, ok, err := readPCIDevice(dir, addr); err == nil && ok {
				dev = d
			}
			devs = append(devs, dev)
			i = len(devs) - 1
		}
		devs[i].nvidiaModel = info["Model"]
	}
	return devs, nil
}

func parseNVIDIAInformation(s string) map[string]string {
	info := map[string]string{}
	for line := range strings.SplitSeq(s, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			info[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return info
}

func indexOf(devs []pciGPU, addr string) int {
	for i, d := range devs {
		if d.addr == addr {
			return i
		}
	}
	return -1
}

// querySMI runs nvidia-smi under its own short deadline. Its failure is not
// Take's failure: the GPU is still there, only its VRAM is unknown.
func querySMI(ctx context.Context, o options) smiResult {
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	out, err := o.run(ctx, "nvidia-smi", smiArgs...)
	if err != nil {
		return smiResult{ran: true, err: err}
	}
	rows, err := parseSMI(string(out))
	return smiResult{ran: true, rows: rows, err: err}
}

// parseSMI reads "00000000:01:00.0, NVIDIA GeForce RTX 3070, 8192" rows.
// memory.total is in MiB because of nounits.
func parseSMI(out string) ([]smiRow, error) {
	var rows []smiRow
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, ",")
		if len(f) < 3 {
			return nil, fmt.Errorf("cannot parse nvidia-smi output line %q", line)
		}
		row := smiRow{
			addr: canonicalPCIAddr(f[0]),
			name: strings.TrimSpace(strings.Join(f[1:len(f)-1], ",")),
		}
		if mib, err := strconv.ParseUint(strings.TrimSpace(f[len(f)-1]), 10, 64); err == nil {
			row.vramBytes = mib << 20
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// addSMIOnly adds GPUs that nvidia-smi lists but sysfs and procfs do not
// show, as inside a container with a partial /sys.
func addSMIOnly(devs []pciGPU, smi smiResult) []pciGPU {
	for _, row := range smi.rows {
		if indexOf(devs, row.addr) < 0 {
			devs = append(devs, pciGPU{addr: row.addr, vendorID: vendorNVIDIA, driver: "nvidia"})
		}
	}
	return devs
}

// nvidiaVRAM takes VRAM from nvidia-smi only: the driver's /proc file has
// no memory size. Source says why the size is missing when it is.
func nvidiaVRAM(smi smiResult, row smiRow, found bool) (uint64, string) {
	switch {
	case found && row.vramBytes > 0:
		return row.vramBytes, "nvidia-smi memory.total"
	case found:
		return 0, "nvidia-smi lists this GPU without a memory size"
	case !smi.ran:
		return 0, "nvidia-smi was not run"
	case errors.Is(smi.err, exec.ErrNotFound):
		return 0, "no VRAM size: nvidia-smi is not installed and /proc/driver/nvidia has none"
	case errors.Is(smi.err, context.DeadlineExceeded):
		return 0, "no VRAM size: nvidia-smi did not answer in time"
	case smi.err != nil:
		return 0, "no VRAM size: nvidia-smi failed: " + firstLine(smi.err.Error())
	}
	return 0, "no VRAM size: nvidia-smi does not list this GPU"
}

package hardware

import (
	"bufio"
	"os"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// pciIDsPaths are where Debian/Ubuntu (pci.ids) and Fedora/Arch (hwdata)
// install the PCI name database.
var pciIDsPaths = []string{"/usr/share/misc/pci.ids", "/usr/share/hwdata/pci.ids"}

// pciNames looks devices up in pci.ids. The file is over a megabyte, so it
// is opened only when a GPU has no better name, and only the vendor
// section asked for is kept.
type pciNames struct {
	layout  dirs.Layout
	vendors map[uint64]*pciVendor
}

type pciVendor struct {
	name    string
	devices map[uint64]string
}

func newPCINames(l dirs.Layout) *pciNames {
	return &pciNames{layout: l, vendors: map[uint64]*pciVendor{}}
}

// model names a device "AMD Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]",
// or returns "" when there is no database or no entry.
func (n *pciNames) model(vendor, device uint64) string {
	v, ok := n.vendors[vendor]
	if !ok {
		v = n.load(vendor)
		n.vendors[vendor] = v
	}
	if v == nil || v.devices[device] == "" {
		return ""
	}
	return shortVendor(vendor, v.name) + " " + v.devices[device]
}

// load scans the first database present for one vendor's section. A
// missing or unreadable database only costs the name, never the snapshot.
func (n *pciNames) load(vendor uint64) *pciVendor {
	for _, p := range pciIDsPaths {
		f, err := os.Open(n.layout.Path(p))
		if err != nil {
			continue
		}
		v := scanVendor(bufio.NewScanner(f), vendor)
		f.Close()
		return v
	}
	return nil
}

// scanVendor reads the pci.ids format: a vendor line "1002  Advanced Micro
// Devices, Inc. [AMD/ATI]" at column 0, its devices indented by one tab and
// their subsystems by two.
func scanVendor(sc *bufio.Scanner, vendor uint64) *pciVendor {
	var v *pciVendor
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		if line[0] != '\t' {
			if v != nil {
				return v // the next vendor begins: our section is complete
			}
			if id, name, ok := idLine(line); ok && id == vendor {
				v = &pciVendor{name: name, devices: map[uint64]string{}}
			}
			continue
		}
		if v != nil && !strings.HasPrefix(line, "\t\t") {
			if id, name, ok := idLine(line[1:]); ok {
				v.devices[id] = name
			}
		}
	}
	return v
}

func idLine(s string) (uint64, string, bool) {
	if len(s) < 6 {
		return 0, "", false
	}
	id, err := strconv.ParseUint(s[:4], 16, 16)
	if err != nil {
		return 0, "", false
	}
	return id, strings.TrimSpace(s[4:]), true
}

func shortVendor(id uint64, name string) string {
	switch id {
	case vendorAMD:
		return "AMD"
	case vendorNVIDIA:
		return "NVIDIA"
	case vendorIntel:
		return "Intel"
	}
	return name
}

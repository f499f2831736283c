package probes

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// BlockDevice is one node of block_devices, a line of `lsblk`. Partitions
// and holders (device-mapper, md) are its children, as in lsblk's tree.
type BlockDevice struct {
	// Name is the kernel name, or the device-mapper name (vg-root).
	Name      string `json:"name"`
	KName     string `json:"kname"`
	MajMin    string `json:"maj_min"`
	Removable bool   `json:"removable"`
	SizeBytes uint64 `json:"size_bytes"`
	ReadOnly  bool   `json:"read_only"`
	// Type is lsblk's TYPE: disk, part, rom, loop, lvm, crypt, dm, raid1…
	Type        string        `json:"type"`
	Model       string        `json:"model,omitempty"`
	MountPoints []string      `json:"mountpoints,omitempty"`
	Children    []BlockDevice `json:"children,omitempty"`
}

// blockTree reads /sys/block into lsblk's tree.
type blockTree struct {
	sysBlock string
	mounts   []mount
	swaps    map[string]bool // /proc/swaps file names
	count    int             // devices listed so far
	cut      bool            // set when maxBlockDevices left some out
}

// maxBlockDevices bounds the devices listed; loop devices can be set up
// by desktop users through udisks.
const maxBlockDevices = 256

// maxBlockDepth stops a holder cycle in a corrupt or hostile sysfs tree;
// real stacks (disk, partition, crypt, lvm) are a few levels deep.
const maxBlockDepth = 8

func blockDevices(ctx context.Context, env *Env) (Output, error) {
	t := blockTree{sysBlock: env.Layout.Sys() + "/block", swaps: map[string]bool{}}
	names, err := readDirNames(t.sysBlock)
	if err != nil {
		return Output{}, fmt.Errorf("cannot read %s: %w", t.sysBlock, err)
	}
	var note, mountNote string
	var notes []string
	t.mounts, mountNote, err = readMounts(env.Layout.Mountinfo())
	switch {
	case err != nil:
		note = "lsblk: mount points unknown: " + err.Error() + "\n"
	case mountNote != "":
		notes = append(notes, mountNote)
	}
	if raw, err := readWhole(env.Layout.Proc()+"/swaps", maxTableBytes); err == nil {
		for i, line := range strings.Split(string(raw), "\n") {
			if f := strings.Fields(line); i > 0 && len(f) > 0 {
				t.swaps[unescapeOctal(f[0])] = true
			}
		}
	}
	var roots []BlockDevice
	for _, name := range names {
		if ctx.Err() != nil {
			return Output{}, ctx.Err()
		}
		dir := t.sysBlock + "/" + name
		if n, _ := readDirNames(dir + "/slaves"); len(n) > 0 {
			continue // shown under the devices it is built on
		}
		if d, ok := t.device(dir, name, nil, 0); ok {
			roots = append(roots, d)
		}
	}
	if t.cut {
		notes = append(notes, fmt.Sprintf("listed the first %d block devices only", maxBlockDevices))
	}
	return Output{Stdout: renderLsblk(roots) + note, Data: roots, Notes: notes}, nil
}

// device reads the device at dir and, below it, its partitions and
// holders. ok is false for what lsblk hides by default: hidden devices,
// RAM disks, and loop devices with nothing attached.
func (t *blockTree) device(dir, kname string, parent *BlockDevice, depth int) (BlockDevice, bool) {
	majmin, err := readTrimmed(dir + "/dev")
	if err != nil || depth > maxBlockDepth {
		return BlockDevice{}, false
	}
	if t.count == maxBlockDevices {
		t.cut = true
		return BlockDevice{}, false
	}
	major, _, _ := strings.Cut(majmin, ":")
	sectors, _ := readTrimmed(dir + "/size")
	size, _ := strconv.ParseUint(sectors, 10, 64)
	kname = Sanitize(kname, maxNameBytes)
	d := BlockDevice{Name: kname, KName: kname, MajMin: Sanitize(majmin, maxNameBytes), SizeBytes: size * 512}
	hidden, _ := readTrimmed(dir + "/hidden")
	_, backErr := os.Stat(dir + "/loop/backing_file")
	if hidden == "1" || major == "1" || (major == "7" && size == 0 && backErr != nil) {
		return BlockDevice{}, false
	}
	ro, _ := readTrimmed(dir + "/ro")
	d.ReadOnly = ro == "1"
	if parent != nil {
		d.Type, d.Removable = "part", parent.Removable
	} else {
		rm, _ := readTrimmed(dir + "/removable")
		d.Removable = rm == "1"
		model, _ := readTrimmed(dir + "/device/model") // set by the device's firmware
		d.Model = Sanitize(model, maxNameBytes)
		d.Type = t.deviceType(dir, kname, &d)
	}
	d.MountPoints = t.mountPoints(d)
	t.count++

	var parts []BlockDevice
	if d.Type != "part" {
		subs, _ := readDirNames(dir)
		for _, sub := range subs {
			// Partitions are named after their disk (sda1, nvme0n1p1);
			// checking the name first spares a stat per sysfs attribute.
			if strings.HasPrefix(sub, kname) && isPartitionDir(dir+"/"+sub) {
				if p, ok := t.device(dir+"/"+sub, sub, &d, depth+1); ok {
					parts = append(parts, p)
				}
			}
		}
		slices.SortFunc(parts, func(a, b BlockDevice) int {
			return cmp.Compare(partitionNumber(dir+"/"+a.KName), partitionNumber(dir+"/"+b.KName))
		})
	}
	d.Children = parts
	holders, _ := readDirNames(dir + "/holders")
	for _, h := range holders {
		if c, ok := t.device(t.sysBlock+"/"+h, h, nil, depth+1); ok {
			d.Children = append(d.Children, c)
		}
	}
	return d, true
}

// deviceType names the device as lsblk's TYPE column does.
func (t *blockTree) deviceType(dir, kname string, d *BlockDevice) string {
	switch {
	case strings.HasPrefix(kname, "dm-"):
		if name, err := readTrimmed(dir + "/dm/name"); err == nil && name != "" {
			d.Name = Sanitize(name, maxNameBytes)
		}
		uuid, _ := readTrimmed(dir + "/dm/uuid")
		prefix, _, _ := strings.Cut(uuid, "-")
		switch {
		case prefix == "LVM":
			return "lvm"
		case prefix == "CRYPT":
			return "crypt"
		case prefix == "mpath":
			return "mpath"
		case strings.HasPrefix(prefix, "part"):
			return "part"
		}
		return "dm"
	case strings.HasPrefix(kname, "loop"):
		return "loop"
	case strings.HasPrefix(kname, "md"):
		if level, err := readTrimmed(dir + "/md/level"); err == nil && level != "" {
			return Sanitize(level, maxNameBytes)
		}
		return "md"
	case strings.HasPrefix(kname, "sr"):
		return "rom"
	}
	if scsi, _ := readTrimmed(dir + "/device/type"); scsi == "5" {
		return "rom"
	}
	return "disk"
}

// mountPoints lists where d is mounted: mounts of its device number or
// naming it as the source (btrfs reports an anonymous device number), bind
// mounts included and the latest first as lsblk shows them, and [SWAP] when
// it is an active swap area.
func (t *blockTree) mountPoints(d BlockDevice) []string {
	var out []string
	for _, m := range slices.Backward(t.mounts) {
		if (m.dev == d.MajMin || m.source == "/dev/"+d.KName || m.source == "/dev/mapper/"+d.Name) &&
			!slices.Contains(out, m.point) {
			out = append(out, m.point)
		}
	}
	if t.swaps["/dev/"+d.KName] || t.swaps["/dev/mapper/"+d.Name] {
		out = append(out, "[SWAP]")
	}
	return out
}

func isPartitionDir(dir string) bool {
	_, err := os.Stat(dir + "/partition")
	return err == nil
}

func partitionNumber(dir string) int {
	s, _ := readTrimmed(dir + "/partition")
	n, _ := strconv.Atoi(s)
	return n
}

// readDirNames lists a directory sorted by name (sysfs order is arbitrary).
func readDirNames(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names, err
}

// renderLsblk prints the tree like lsblk, extra mount points on lines of
// their own.
func renderLsblk(roots []BlockDevice) string {
	t := table{cols: []column{
		{"NAME", left, 0}, {"MAJ:MIN", left, 0}, {"RM", right, 0}, {"SIZE", right, 5},
		{"RO", right, 0}, {"TYPE", left, 4}, {"MOUNTPOINTS", left, 0},
	}}
	var walk func(d BlockDevice, prefix, branch, cont string)
	walk = func(d BlockDevice, prefix, branch, cont string) {
		major, minor, _ := strings.Cut(d.MajMin, ":")
		first := ""
		if len(d.MountPoints) > 0 {
			first = d.MountPoints[0]
		}
		t.add(prefix+branch+d.Name, fmt.Sprintf("%3s:%-3s", major, minor), boolDigit(d.Removable),
			blockSize(d.SizeBytes, false), boolDigit(d.ReadOnly), d.Type, first)
		inner := prefix + cont
		for _, mp := range d.MountPoints[min(1, len(d.MountPoints)):] {
			t.add(inner, "", "", "", "", "", mp)
		}
		for i, c := range d.Children {
			if i == len(d.Children)-1 {
				walk(c, inner, "└─", "  ")
			} else {
				walk(c, inner, "├─", "│ ")
			}
		}
	}
	for _, r := range roots {
		walk(r, "", "", "")
	}
	return t.String()
}

func boolDigit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

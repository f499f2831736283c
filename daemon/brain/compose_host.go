package brain

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/hardware"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func memory(k Kind, results []rpc.ProbeResult) Reply {
	m, fail := data[probes.Memory](results, probes.MemoryInfo)
	if fail != nil {
		return *fail
	}
	if k == RAMTotal {
		return Reply{Text: fmt.Sprintf("You have %s of RAM in total; %s is available.",
			size(m.TotalBytes), size(m.AvailableBytes))}
	}
	return Reply{Text: fmt.Sprintf("%s of your %s of RAM is available; %s is in use.",
		size(m.AvailableBytes), size(m.TotalBytes), size(m.UsedBytes))}
}

// maxModel bounds a CPU or GPU model name in an answer.
const maxModel = 80

// cpu answers from the hardware snapshot: the CPU does not change while
// annad runs. The model is quoted, so the answer is grounded in it even
// when the counts are too small to be claims.
func cpu(k Kind, hw rpc.Hardware) Reply {
	all := hardware.Fields(hw)
	facts := map[string]string{}
	for _, f := range []string{hardware.FieldCPUModel, hardware.FieldCPUCores, hardware.FieldCPUThreads} {
		facts[f] = all[f]
	}
	model := clean(hw.CPUModel, maxModel)
	if k == CPUModel {
		if model == "" {
			return Reply{Text: "I do not know your CPU model: /proc/cpuinfo does not name it.", Facts: facts}
		}
		text := fmt.Sprintf("Your CPU is %q", model)
		if c := counts(hw); c != "" {
			text += ", with " + c
		}
		return Reply{Text: text + ".", Facts: facts}
	}
	c := counts(hw)
	if c == "" {
		return Reply{Text: "I do not know how many cores and threads your CPU has: the kernel does not describe them.", Facts: facts}
	}
	subject := "Your CPU"
	if model != "" {
		subject = fmt.Sprintf("Your CPU (%q)", model)
	}
	text := subject + " has " + c
	if hw.Cores == 0 {
		text += "; the kernel does not say how many physical cores"
	}
	return Reply{Text: text + ".", Facts: facts}
}

// counts is "8 cores and 16 threads", or only the threads when the kernel
// does not describe the topology.
func counts(hw rpc.Hardware) string {
	switch {
	case hw.Cores > 0 && hw.Threads > 0:
		return plural(hw.Cores, "core") + " and " + plural(hw.Threads, "thread")
	case hw.Threads > 0:
		return plural(hw.Threads, "thread")
	}
	return ""
}

func topProcess(k Kind, results []rpc.ProbeResult) Reply {
	probe := probes.TopMemory
	if k == TopCPU {
		probe = probes.TopCPU
	}
	procs, fail := data[[]probes.Process](results, probe)
	if fail != nil {
		return *fail
	}
	if len(procs) == 0 {
		return Reply{Text: fmt.Sprintf("I cannot tell %s: the %s probe listed no process.", topics[probe], probe),
			LastError: "probe " + probe + " listed no process"}
	}
	p := procs[0] // the probe sorts like ps --sort
	who := fmt.Sprintf("%s (PID %d)", procName(p.Command), p.PID)
	if k == TopMemory {
		return Reply{Text: fmt.Sprintf("%s uses the most memory: %s RSS (%s).",
			who, size(p.RSSKiB*1024), psPercent(p.MemPercent))}
	}
	// ps's %CPU is CPU time over the process's lifetime, not this moment.
	return Reply{Text: fmt.Sprintf("%s uses the most CPU: %s of one CPU, averaged since it started (as ps counts it).",
		who, psPercent(p.CPUPercent))}
}

// realFS are the file system types that hold data a user stores; df also
// lists memory and pseudo file systems (tmpfs, overlay, squashfs…), which
// are not where free space is asked about.
var realFS = map[string]bool{
	"ext2": true, "ext3": true, "ext4": true, "xfs": true, "btrfs": true, "zfs": true, "f2fs": true,
	"bcachefs": true, "jfs": true, "reiserfs": true, "vfat": true, "exfat": true, "ntfs": true,
	"ntfs3": true, "fuseblk": true, "hfsplus": true, "nfs": true, "nfs4": true, "cifs": true,
	"smb3": true, "fuse.sshfs": true, "9p": true, "virtiofs": true, "ceph": true, "glusterfs": true,
}

// maxDisks bounds the file systems listed in one answer.
const maxDisks = 10

func disks(results []rpc.ProbeResult) Reply {
	rows, fail := data[[]probes.Filesystem](results, probes.DiskUsage)
	if fail != nil {
		return *fail
	}
	var root []probes.Filesystem
	var rest []probes.Filesystem
	for _, r := range rows {
		switch {
		case r.MountPoint == "/":
			root = append(root, r)
		case realFS[r.FSType] || strings.HasPrefix(r.Source, "/dev/") && r.FSType != "squashfs":
			rest = append(rest, r)
		}
	}
	shown := append(root, rest...)
	if len(shown) == 0 {
		return Reply{Text: "I found no disk file system: df lists only memory and pseudo file systems here."}
	}
	more := 0
	if len(shown) > maxDisks {
		more = len(shown) - maxDisks
		shown = shown[:maxDisks]
	}
	lines := make([]string, len(shown))
	for i, r := range shown {
		lines[i] = diskLine(r)
	}
	if len(lines) == 1 && more == 0 {
		return Reply{Text: lines[0] + "."}
	}
	text := "Free disk space:\n" + strings.Join(lines, "\n")
	if more > 0 {
		text += "\n(and " + plural(more, "more file system") + ")"
	}
	return Reply{Text: text}
}

// diskLine is one file system: free, size and df's Use%.
func diskLine(r probes.Filesystem) string {
	mount := clean(r.MountPoint, 80)
	if r.Error != "" {
		return mount + ": no figures (" + clean(r.Error, 120) + ")"
	}
	s := fmt.Sprintf("%s: %s free of %s", mount, size(r.AvailBytes), size(r.SizeBytes))
	if r.UsePercent >= 0 {
		s += " (" + strconv.Itoa(r.UsePercent) + "% used)"
	}
	return s
}

// gpus answers from the hardware snapshot, every GPU with its VRAM, or
// why it has no figure.
func gpus(hw rpc.Hardware) Reply {
	all := hardware.Fields(hw)
	facts := map[string]string{
		hardware.FieldGPUModel: all[hardware.FieldGPUModel],
		hardware.FieldVRAM:     all[hardware.FieldVRAM],
	}
	if len(hw.GPUs) == 0 {
		return Reply{Text: "I found no GPU on this machine.", Facts: facts}
	}
	parts := make([]string, len(hw.GPUs))
	for i, g := range hw.GPUs {
		model := fmt.Sprintf("%q", clean(g.Model, maxModel))
		switch {
		case g.VRAMBytes > 0:
			parts[i] = fmt.Sprintf("%s with %s of VRAM", model, size(g.VRAMBytes))
		case g.Integrated:
			parts[i] = model + ", integrated (it shares system RAM and has no VRAM of its own)"
		default:
			parts[i] = model + " (its driver does not report its VRAM)"
		}
	}
	if len(parts) == 1 {
		return Reply{Text: "Your GPU is " + parts[0] + ".", Facts: facts}
	}
	return Reply{Text: fmt.Sprintf("You have %s: %s.", plural(len(parts), "GPU"), strings.Join(parts, "; ")), Facts: facts}
}

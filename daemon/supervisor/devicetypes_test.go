package supervisor

import "testing"

// TestDeviceTypes checks that a kind of block device said of a device
// (loop, zram, partition, encrypted) is its own lsblk row's.
func TestDeviceTypes(t *testing.T) {
	host53 := EvidenceText(scenario(t, "host53"))
	typed := "probe block_devices lsblk\n" +
		"NAME          MAJ:MIN RM   SIZE RO TYPE  MOUNTPOINTS\n" +
		"nvme0n1       259:0    0 476.9G  0 disk\n" +
		"├─nvme0n1p1   259:1    0   512M  0 part  /boot/efi\n" +
		"└─nvme0n1p2   259:2    0 476.4G  0 part\n" +
		"  └─cryptroot 253:0    0 476.4G  0 crypt /\n" +
		"\n" +
		"kname nvme0n1 maj_min 259:0 name nvme0n1 size_bytes 512110190592 B type disk\n" +
		"kname nvme0n1p1 maj_min 259:1 mountpoints /boot/efi name nvme0n1p1 size_bytes 536870912 B type part\n" +
		"kname nvme0n1p2 maj_min 259:2 name nvme0n1p2 size_bytes 511572271104 B type part\n" +
		"kname dm-0 maj_min 253:0 mountpoints / name cryptroot size_bytes 511555493888 B type crypt\n"
	checkPairs(t, []pair{
		{"a loop device is no zram device", host53,
			"loop0 is a 3.5G loop device mounted at /var/lib/containerd.",
			"loop0 is a 3.5G zram device mounted at /var/lib/containerd."},
		{"zram is read from the name", host53,
			"zram0 is a zram device.",
			"zram0 is a loop device."},
		{"a partition and an encrypted volume", typed,
			"nvme0n1p2 is a partition; cryptroot is an encrypted volume mounted at /.",
			"nvme0n1 is a partition; cryptroot is an encrypted volume mounted at /."},
		// "disk" is said of loop and zram devices too: not read.
		{"a disk said loosely", host53,
			"loop0 is a 3.5G disk mounted at /var/lib/containerd.",
			"loop0 is a 3.5G loop device mounted at /var/lib/containerd, 99% used."},
	})
}

package supervisor

import "testing"

// TestReadOnlyDevices: a device said to be read-only, or writable, is as
// lsblk's RO column shows it; a read-only mount is not that column's.
func TestReadOnlyDevices(t *testing.T) {
	host64 := EvidenceText(scenario(t, "host64"))
	host65 := EvidenceText(scenario(t, "host65"))
	tree := "probe block_devices lsblk\nNAME   MAJ:MIN RM   SIZE RO TYPE MOUNTPOINTS\n" +
		"sda      8:0    0 476.9G  0 disk\n├─sda1   8:1    0   512M  0 part /boot/efi\n└─sda2   8:2    0 476.4G  0 part /\n" +
		"sr0     11:0    1  1024M  1 rom\n"
	checkPairs(t, []pair{
		{"a writable device", host64, "The block device loop1 is writable.", "The block device loop1 is read-only."},
		{"a read-only device", host65, "loop2 is 2G and read-only (RO 1), mounted at /srv/archive.", "loop2: 2G, writable, /srv/archive."},
		{"a denied state", host65, "loop1 is not read-only.", "loop2 is not read-only."},
		{"a partition's own row", tree, "sda2 is writable and sr0 is read-only.", "sda2 is read-only and sr0 is writable."},
		{"the RO column's figure", tree, "sr0 (RO 1) is the optical drive.", "sda1 (RO 1) is the EFI partition."},
		{"the first state said is the claim", tree, "sda2 is writable, unlike a read-only disc.", "sda2 is read-only, unlike a writable disc."},
		{"a mount's option is not the device's", tree, "sda2 is mounted read-only at /.", ""},
	})
}

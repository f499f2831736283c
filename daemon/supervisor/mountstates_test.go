package supervisor

import "testing"

// TestMountStates: a device said to be mounted, or not, is as lsblk and
// df show it.
func TestMountStates(t *testing.T) {
	host22 := EvidenceText(scenario(t, "host22"))
	host25 := EvidenceText(scenario(t, "host25"))
	parts := "probe block_devices lsblk\nNAME   MAJ:MIN RM   SIZE RO TYPE MOUNTPOINTS\n" +
		"sdb      8:16   0   1.8T  0 disk\n└─sdb1   8:17   0   1.8T  0 part /srv\nsdc      8:32   0   1.8T  0 disk\n"
	checkPairs(t, []pair{
		{"disk mounted through its partition", parts, "sdb is mounted at /srv; sdc is not mounted.", "sdc is mounted; sdb is not mounted."},
		{"device denied a mount", host25, "The loop device loop0 is not mounted anywhere.", "The loop device loop0 is mounted."},
		{"device denied a mount where it has one", host22, "loop0 is mounted.", "loop0 is not mounted anywhere."},
		{"manner of a mount denied", host22, "loop0 is not mounted read-only.", "loop0 is not mounted at all."},
		{"device with no mountpoint in a list", host25, "lsblk lists vda, a 256G disk mounted at /; loop0, a 64M loop device with no mountpoint; and zram0.",
			"lsblk lists vda, a 256G disk with no mountpoint; loop0, a 64M loop device; and zram0."},
		{"each device's own state", host25, "zram0 is not mounted, but vda is mounted at /.", "vda is not mounted, but zram0 is mounted."},
	})
}

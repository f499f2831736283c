package supervisor

import "testing"

// TestMountShapes checks answers about filesystems and block devices: the
// figures, devices and relations said of a mount must be its df and lsblk
// rows'.
func TestMountShapes(t *testing.T) {
	host18 := EvidenceText(scenario(t, "host18"))
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		// free's 3.7Gi used is no tmpfs's whole.
		{"a mount's whole after of", host18, "/mnt/scratch is 40% full: 200M used of 512M.", "/mnt/scratch is 40% full: 200M used of 3.7G."},
		{"a mount's whole after a slash", host18, "/mnt/scratch: 200M / 512M (40%).", "/mnt/scratch: 200M / 3.7G (40%)."},
		// A device in a bracket is its own item's, not the item's before.
		{"each list item's own device", laptop, "Disk: / at 90%, /home (sda1) at 59%.", "Disk: / at 90%, /home (nvme0n1p2) at 59%."},
		{"mounted at, far from its device", host18, "lsblk shows vda as a 256G disk mounted at /, plus an empty zram0 (0B).", "lsblk shows zram0 as a 0B disk mounted at /, plus vda (256G)."},
		{"mounted at, on another scenario", laptop, "lsblk shows sda as a 931.5G disk mounted at /home, plus nvme0n1 (476.9G).", "lsblk shows sda as a 931.5G disk mounted at /, plus nvme0n1 (476.9G)."},
	})
}

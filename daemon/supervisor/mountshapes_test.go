package supervisor

import "testing"

// TestMountShapes checks answers about filesystems and block devices: the
// figures, devices and relations said of a mount must be its df and lsblk
// rows'.
func TestMountShapes(t *testing.T) {
	host18 := EvidenceText(scenario(t, "host18"))
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	host21 := EvidenceText(scenario(t, "host21"))
	checkPairs(t, []pair{
		// free's 3.7Gi used is no tmpfs's whole.
		{"a mount's whole after of", host18, "/mnt/scratch is 40% full: 200M used of 512M.", "/mnt/scratch is 40% full: 200M used of 3.7G."},
		{"a mount's whole after a slash", host18, "/mnt/scratch: 200M / 512M (40%).", "/mnt/scratch: 200M / 3.7G (40%)."},
		// A device in a bracket is its own item's, not the item's before.
		{"each list item's own device", laptop, "Disk: / at 90%, /home (sda1) at 59%.", "Disk: / at 90%, /home (nvme0n1p2) at 59%."},
		{"mounted at, far from its device", host18, "lsblk shows vda as a 256G disk mounted at /, plus an empty zram0 (0B).", "lsblk shows zram0 as a 0B disk mounted at /, plus vda (256G)."},
		{"mounted at, on another scenario", laptop, "lsblk shows sda as a 931.5G disk mounted at /home, plus nvme0n1 (476.9G).", "lsblk shows sda as a 931.5G disk mounted at /, plus nvme0n1 (476.9G)."},
		// Comparatives between mounts hold by df's Use%, Avail or Size.
		{"fuller than", server, "/ (90%) is fuller than /srv/data (51%).", "/srv/data is fuller than /."},
		{"even fuller, against the mount before", server, "/ is at 90%, and /var/lib/postgresql is even fuller at 95%.", "/var/lib/postgresql is at 95%, and /srv/data is even fuller at 51%."},
		{"emptier", server, "/srv/data is emptier than /.", "/var/lib/postgresql is emptier than /srv/data."},
		{"more free space than", server, "/srv/data has more free space than /.", "/ has more free space left than /srv/data."},
		{"bigger than", server, "/var/lib/postgresql is bigger than /srv/data.", "/boot/efi is bigger than /."},
		// "The same disk": the two mounts' disks by df's source and
		// lsblk's tree (or the partition's name).
		{"same disk as", server, "/boot/efi is on the same disk as /.", "/srv/data is on the same disk as /."},
		{"both on the same disk", server, "/ and /boot/efi are both on the same disk.", "/ and /srv/data are both on the same disk."},
		{"same drive as the mount before", laptop, "/ is at 90%, and /boot/efi is on the same NVMe drive.", "/boot/efi is at 2%, and /home is on the same NVMe drive."},
		{"separate disk", server, "/ is 90% full; /srv/data is on a separate disk.", "/ is 90% full; /boot/efi is on a separate disk."},
		{"a tmpfs is on no disk", host21, "/mnt/data is 30% full. It is a tmpfs, on a different device than /.", "/mnt/data is 30% full. It is on the same disk as your root filesystem."},
		// The device a mount sits on must be its source.
		{"sits on a device", server, "/var/lib/postgresql is 95% full. It sits on /dev/md0.", "/var/lib/postgresql is 95% full. It sits on /dev/sdb1."},
		{"lives on the drive named after it", laptop, "The root filesystem lives on the NVMe drive nvme0n1.", "The root filesystem lives on the SATA disk sda."},
		// What could be, or is not, asserts no relation.
		{"a comparative under a modal", server, "/srv/data is at 51%. / is 90% full, so clearing old logs would give it more free space.", ""},
		{"a device denied", server, "/srv/data is not mounted from /dev/sda2; it is on /dev/sdb1.", "/srv/data is mounted from /dev/sda2."},
		{"sits on, a tmpfs", host21, "/ is 17% full and is mounted from /dev/vda.", "/mnt/data is 30% full. It lives on /dev/vda."},
	})
}

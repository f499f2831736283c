package supervisor

import "testing"

// TestDiskByPartition checks a disk named by the mount of its partition
// where the evidence shows only the partition ("sdb, the disk mounted at
// /srv/data" beside df's /dev/sdb1): true when the mounted partition is on
// that disk, false for another disk.
func TestDiskByPartition(t *testing.T) {
	server := "probe disk_usage df -h\n" + fixture(t, "server/df.txt")
	laptop := "probe disk_usage df -h\n" + fixture(t, "df.txt")
	checkPairs(t, []pair{
		{"disk in apposition", server, "sdb, the disk mounted at /srv/data, is 51% full.", "sda, the disk mounted at /srv/data, is 51% full."},
		{"disk after the mount", server, "The disk mounted at /srv/data is sdb.", "The disk mounted at /srv/data is sda."},
		// Too far from the path for the pair to share a record: only the
		// mount's df row judges it.
		{"disk named far after the mount", server,
			"The disk mounted at /srv/data is the disk device sdb.", "The disk mounted at /srv/data is the disk device sda."},
		{"nvme disk of a partition", laptop, "/ sits on nvme0n1.", "/home sits on nvme0n1."},
		{"disk a mount sits on", laptop, "/home sits on sda.", "/ sits on sda."},
		// The disk's figures are its partitions' rows: sdb1 is 51% used.
		{"figure of a disk shown by its partition", server, "sdb is 51% full.", "sdb is 90% full."},
	})
}

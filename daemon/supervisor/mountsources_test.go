package supervisor

import "testing"

// TestMountSources checks that a device or share said to be what is
// mounted at a path is that path's source in df or lsblk.
func TestMountSources(t *testing.T) {
	host22 := EvidenceText(scenario(t, "host22"))
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"a device in an apposition", host22,
			"loop0, the loop device mounted at /srv/backup, is 98% full.",
			"vda, which is the disk mounted at /srv/backup, is 98% full."},
		{"a disk whose partition is mounted", laptop,
			"sda is the disk mounted at /home.",
			"nvme0n1 is the disk mounted at /home."},
		{"a partition in an apposition", laptop,
			"sda1, the partition mounted at /home, is 59% used.",
			"nvme0n1p2, the partition mounted at /home, is 59% used."},
		{"a share from a host", server,
			"/dev/md0 is mounted at /var/lib/postgresql and is 95% used.",
			"The NFS share from srv1 is mounted at /var/lib/postgresql and is 95% used."},
		{"an array in an apposition", server,
			"md0, the array mounted at /var/lib/postgresql, is 95% used.",
			"md0, the array mounted at /srv/data, is 51% used."},
		{"a host's share", server,
			"/dev/sdb1 is the device mounted at /srv/data.",
			"srv1's share is mounted at /srv/data."},
		{"a mount point said to be mounted from a source", server,
			"/srv/data is mounted from /dev/sdb1 and is 51% used.",
			"/srv/data is an NFS share exported by srv1 and is 51% used."},
		{"a device beside another clause is not the mounted one", host22,
			"The kernel logged errors on vda, and the filesystem mounted at /srv/backup is 98% full.", ""},
	}
	checkPairs(t, tests)
}

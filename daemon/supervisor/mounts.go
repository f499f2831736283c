package supervisor

// Figures of a mount: "/mnt/scratch is 69% full: 350M used of 2.0G".
// A whole after "of" may be the machine's ("firefox uses 1.1 GiB of your
// 15 GiB"), but a filesystem's whole is its own size: free's 1.9Gi used is
// no tmpfs's 2.0G. Only a clause that names memory ("/dev/shm holds 1.2G
// of your 31G of RAM") lets a mount's figure be the machine's.

// diskProbes print filesystems and block devices.
var diskProbes = map[string]bool{"disk_usage": true, "block_devices": true}

// isMount reports whether entity a is a filesystem or block device the
// evidence lists (a df or lsblk row), not a program's path.
func (ix *index) isMount(a claim) bool {
	if a.class != classPath && a.class != classDevice {
		return false
	}
	for _, id := range ix.anchorRecords(a) {
		if diskProbes[ix.recs[id].probe] {
			return true
		}
	}
	return false
}

// mountWhole reports a figure that must be its mount's own: a whole
// ("of 2.0G", "/ 2.0G") said of a filesystem, outside a clause about
// memory.
func (ix *index) mountWhole(c claim, a *claim) bool {
	return a != nil && c.loose && !c.ram && c.kind == kindSize && ix.isMount(*a)
}

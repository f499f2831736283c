package supervisor

import "strings"

// "sdb, the disk mounted at /srv/data": a disk the evidence shows only by
// its partition (df's /dev/sdb1) exists, for a partition is on its disk;
// which mount it holds is judged apart (mountsources.go), so a wrong
// disk stays wrong, and its figures are its partitions' df rows
// (devicelines.go): "sdb is 90% full" is not sdb1's 51%.

// hasPartitionOf reports a token of the evidence that is a partition of
// the disk name ("sdb1", "/dev/sdb1", "nvme0n1p2" of nvme0n1).
func (ix *index) hasPartitionOf(name string) bool {
	name = strings.TrimPrefix(name, "/dev/")
	if !diskName.MatchString(name) {
		return false
	}
	if ix.partDisks == nil {
		ix.partDisks = map[string]bool{}
		for t := range ix.tokens {
			t = strings.TrimPrefix(t, "/dev/")
			// Only a name ending in a digit may be a partition: the
			// others need no regexp.
			if t != "" && isDigit(t[len(t)-1]) {
				if d := partitionDisk(t); d != "" {
					ix.partDisks[d] = true
				}
			}
		}
	}
	return ix.partDisks[name]
}

// mountIs returns next when the words after a mount's path say it is what
// the path holds: "the disk mounted at /srv/data is sdb".
func mountIs(answer string, c claim, next *claim) *claim {
	end := c.off + len(c.text)
	if !mountable(*next) || next.sent != c.sent || next.off < end {
		return nil
	}
	ws := plainWords(answer[end:next.off])
	if len(ws) == 0 || ws[0] != "is" && ws[0] != "was" {
		return nil
	}
	for _, w := range ws[1:] {
		if w != "the" && w != "disk" && w != "device" && w != "drive" && w != "partition" && w != "dev" {
			return nil
		}
	}
	return next
}

// partitionDisk returns the disk of a partition name ("sdb" of "sdb1",
// "nvme0n1" of "nvme0n1p2"), or "". Only an nvme or mmcblk name drops its
// "p": sdp1 is a partition of sdp.
func partitionDisk(name string) string {
	m := partitionName.FindStringSubmatch(name)
	if m == nil {
		return ""
	}
	if strings.HasPrefix(m[1], "nvme") || strings.HasPrefix(m[1], "mmcblk") {
		return strings.TrimSuffix(m[1], "p")
	}
	return m[1]
}

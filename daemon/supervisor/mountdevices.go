package supervisor

import "strings"

// A journal line names a filesystem by its device ("EXT4-fs warning
// (device loop0): … index full"), the answer by where df mounts it ("the
// problem on /srv/mirror"): a mount point in a cited sentence stands on
// its lines when df, in the whole evidence, mounts the device those
// lines name there. Another mount point, whose device the lines do not
// name, is still not on them.

// mountOfCitedDevice reports whether name is df's mount point of a device
// that a cited line (narrow) names.
func (ix *index) mountOfCitedDevice(name string, narrow *index) bool {
	if !strings.HasPrefix(name, "/") || strings.ContainsAny(name, " ()") {
		return false
	}
	for _, row := range ix.dfRows() {
		dev := strings.TrimPrefix(strings.ToLower(row.source), "/dev/")
		if row.mount != name || dev == row.source || dev == "" {
			continue
		}
		for _, r := range narrow.recs {
			if r.probe != "disk_usage" && containsBounded(r.text, dev, false) {
				return true
			}
		}
	}
	return false
}

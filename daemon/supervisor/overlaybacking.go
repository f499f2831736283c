package supervisor

import "strings"

// "/var/lib/docker/overlay2/4f1c…/merged, on the same device" as
// /var/lib/docker (/dev/loop0): df shows an overlay (or other non-device)
// mount by its filesystem type, "overlay", yet it sits on the filesystem
// of the mount its mount point lies under, and df gives it that
// filesystem's Size, Used and Avail. A row whose source is no block
// device, under another mount's path, with the same three figures as
// that mount's row, is read as on that mount's source and disk. Figures
// that differ (a tmpfs under /run) keep it on its own.

// backingRow returns the row of rows[i]'s filesystem: the deepest mount
// above it with the same sizes, when rows[i]'s source is no device; else i.
func backingRow(rows []dfRow, i int) int {
	r := rows[i]
	if strings.HasPrefix(r.source, "/dev/") || isBlockName(r.source) {
		return i
	}
	best := i
	for j, p := range rows {
		if j == i || !under(r.mount, p.mount) || p.size != r.size || p.avail != r.avail || p.used != r.used {
			continue
		}
		if best == i || len(p.mount) > len(rows[best].mount) {
			best = j
		}
	}
	if best != i {
		return backingRow(rows, best) // an overlay on an overlay
	}
	return i
}

// under reports path strictly below mount ("/" holds every other path).
func under(path, mount string) bool {
	if path == mount {
		return false
	}
	return mount == "/" || strings.HasPrefix(path, strings.TrimSuffix(mount, "/")+"/")
}

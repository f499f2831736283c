package probes

import (
	"bytes"
	"fmt"
	"strings"
)

// maxMounts bounds the mount table that is parsed. Any user can add
// mounts (FUSE, through fusermount), and they come last: the first
// maxMounts lines hold the system's own.
const maxMounts = 2048

// mount is one line of /proc/self/mountinfo, with the kernel's octal
// escapes undone.
type mount struct {
	dev    string // major:minor
	root   string // the directory of the filesystem mounted here
	point  string // sanitized, to show and compare
	path   string // the mount point as it is, to statfs
	fstype string
	source string
}

// readMounts parses the mount table at path, at most maxMounts lines of
// its first maxTableBytes; note says what was left out. procfs has a
// parser too, but it keeps the \040 escapes, so a mount point with a space
// would not match anything on disk.
func readMounts(path string) (out []mount, note string, err error) {
	raw, cut, err := readBounded(path, maxTableBytes)
	if err != nil {
		return nil, "", fmt.Errorf("cannot read %s: %w", path, err)
	}
	if cut {
		raw = raw[:bytes.LastIndexByte(raw, '\n')+1] // a partial line is no mount
	}
	n := 0
	for raw := range bytes.Lines(raw) {
		n++
		line := strings.TrimSuffix(string(raw), "\n")
		if line == "" {
			continue
		}
		if len(out) == maxMounts {
			cut = true
			break
		}
		pre, post, ok := strings.Cut(line, " - ")
		f, g := strings.Fields(pre), strings.Fields(post)
		if !ok || len(f) < 6 || len(g) < 2 {
			return nil, "", fmt.Errorf("cannot read %s: line %d is not a mount: %q", path, n, line)
		}
		point := unescapeOctal(f[4])
		out = append(out, mount{
			dev:    f[2],
			root:   unescapeOctal(f[3]),
			point:  Sanitize(point, maxPathBytes),
			path:   point,
			fstype: Sanitize(g[0], maxNameBytes),
			source: Sanitize(unescapeOctal(g[1]), maxPathBytes),
		})
	}
	if cut {
		note = fmt.Sprintf("read the first %d mounts of %s only: the table is over %d mounts or %d MiB",
			len(out), path, maxMounts, maxTableBytes>>20)
	}
	return out, note, nil
}

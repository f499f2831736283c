package probes

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

// mount is one line of /proc/self/mountinfo, with the kernel's octal
// escapes undone.
type mount struct {
	dev    string // major:minor
	root   string // the directory of the filesystem mounted here
	point  string
	fstype string
	source string
}

// readMounts parses the mount table at path. procfs has a parser too, but
// it keeps the \040 escapes, so a mount point with a space would not match
// anything on disk.
func readMounts(path string) ([]mount, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	var out []mount
	n := 0
	for raw := range bytes.Lines(raw) {
		n++
		line := strings.TrimSuffix(string(raw), "\n")
		if line == "" {
			continue
		}
		pre, post, ok := strings.Cut(line, " - ")
		f, g := strings.Fields(pre), strings.Fields(post)
		if !ok || len(f) < 6 || len(g) < 2 {
			return nil, fmt.Errorf("cannot read %s: line %d is not a mount: %q", path, n, line)
		}
		out = append(out, mount{
			dev:    f[2],
			root:   unescapeOctal(f[3]),
			point:  unescapeOctal(f[4]),
			fstype: g[0],
			source: unescapeOctal(g[1]),
		})
	}
	return out, nil
}

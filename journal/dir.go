package journal

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// maxFiles bounds how many journal files one call opens.
const maxFiles = 1024

// OpenDirs opens the journal files of the machine machineID under each of
// dirs (normally /run/log/journal and /var/log/journal): the *.journal
// and *.journal~ files, system, user and archived, in the subdirectory
// named for the machine ID, as journalctl does by default. When
// machineID is empty or no directory has its name, every machine-ID
// subdirectory is read. A missing directory is not an error; a file or
// directory that cannot be opened or read is reported in problems and
// skipped. No symbolic link is followed, and anything but a regular file
// is refused. The caller closes the files.
func OpenDirs(dirs []string, machineID string, limits Limits) (files []*File, problems []error) {
	type machineDir struct{ parent, name string }
	var all, mine []machineDir
	for _, d := range dirs {
		names, err := listDir(d)
		if err != nil {
			if !errors.Is(err, os.ErrNotExist) {
				problems = append(problems, fmt.Errorf("cannot list %s: %w", d, err))
			}
			continue
		}
		for _, n := range names {
			if !isMachineID(n.Name()) || !n.IsDir() {
				continue
			}
			all = append(all, machineDir{d, n.Name()})
			if n.Name() == machineID {
				mine = append(mine, machineDir{d, n.Name()})
			}
		}
	}
	if len(mine) > 0 {
		all = mine
	}
	for _, md := range all {
		dir := filepath.Join(md.parent, md.name)
		names, err := listDir(dir)
		if err != nil {
			problems = append(problems, fmt.Errorf("cannot list %s: %w", dir, err))
			continue
		}
		for _, n := range names {
			name := n.Name()
			if !strings.HasSuffix(name, ".journal") && !strings.HasSuffix(name, ".journal~") {
				continue
			}
			if len(files) >= maxFiles {
				problems = append(problems, fmt.Errorf("cannot open %s: over %d journal files", filepath.Join(dir, name), maxFiles))
				continue
			}
			f, err := Open(filepath.Join(dir, name), limits)
			if err != nil {
				problems = append(problems, err)
				continue
			}
			files = append(files, f)
		}
	}
	return files, problems
}

// listDir lists a directory that is not a symbolic link.
func listDir(dir string) ([]os.DirEntry, error) {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(fd), dir)
	defer f.Close()
	names, err := f.ReadDir(maxFiles * 4)
	if errors.Is(err, io.EOF) {
		return nil, nil // empty
	}
	return names, err
}

// isMachineID reports 32 lowercase hex digits: journald's directory
// names; namespaces (ID.namespace) are not read by default.
func isMachineID(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

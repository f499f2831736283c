package peer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// maxStat bounds what is read of /proc/<pid>/stat: about 52 numbers and a
// command name of at most 64 bytes fit in far less.
const maxStat = 4 << 10

// StartTime returns the start time of pid, field 22 of /proc/<pid>/stat
// under l's procfs, in clock ticks since boot. With the pid it names one
// process for good: a pid can be reused, a (pid, start time) pair cannot,
// which is why polkit wants both.
func StartTime(l dirs.Layout, pid int32) (uint64, error) {
	if pid <= 0 {
		return 0, fmt.Errorf("cannot read the start time of pid %d: not a process id", pid)
	}
	f, err := os.Open(filepath.Join(l.Proc(), strconv.Itoa(int(pid)), "stat"))
	if err != nil {
		return 0, fmt.Errorf("cannot read the start time of pid %d: %w", pid, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxStat))
	if err != nil {
		return 0, fmt.Errorf("cannot read the start time of pid %d: %w", pid, err)
	}
	t, err := parseStartTime(b)
	if err != nil {
		return 0, fmt.Errorf("cannot read the start time of pid %d: %w", pid, err)
	}
	return t, nil
}

// parseStartTime reads field 22 of a stat line. The command name (field 2)
// is in parentheses and may itself contain spaces and ')', since any user
// can name a process anything; the fields after the last ')' cannot.
func parseStartTime(stat []byte) (uint64, error) {
	end := bytes.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, errors.New("no command name in stat")
	}
	// After the name come fields 3 (state) onwards: field 22 is the 20th.
	fields := bytes.Fields(stat[end+1:])
	if len(fields) < 20 {
		return 0, fmt.Errorf("stat has %d fields after the command name, want at least 20", len(fields))
	}
	t, err := strconv.ParseUint(string(fields[19]), 10, 64)
	if err != nil || t == 0 {
		return 0, fmt.Errorf("bad start time %q in stat", fields[19])
	}
	return t, nil
}

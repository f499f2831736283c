package probes

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"unicode/utf8"

	"golang.org/x/sys/unix"
)

// The bounds of one probe result, in bytes of its JSON encoding (with
// encoding/json's escaping, the largest). Whatever the processes, journal
// and mounts of other users hold, a result stays within MaxResultBytes,
// so the evidence of a request that runs all 11 probes stays under
// 11 × 64 KiB = 704 KiB.
const (
	// MaxResultBytes bounds a whole rpc.ProbeResult: the three parts below
	// and at most 1 KiB of fixed fields.
	MaxResultBytes = 64 << 10
	// MaxStdoutBytes bounds Stdout; longer output is cut at a line
	// boundary and marked Truncated.
	MaxStdoutBytes = 24 << 10
	// MaxDataBytes bounds Data; rows past it are dropped from the end (the
	// least relevant: probes sort their rows) and Stderr says so.
	MaxDataBytes = 36 << 10
	// MaxStderrBytes bounds Stderr: the reason of a failure, or the notes
	// of a success that left something out.
	MaxStderrBytes = 2 << 10
)

// Bounds of single fields, in bytes after Sanitize, and of what is read.
const (
	// MaxCommandBytes bounds a process's command line; ps would print it
	// whole, but its head is what identifies a process.
	MaxCommandBytes = 1024
	// maxCmdlineRead is the prefix of /proc/<pid>/cmdline that is read:
	// argv can be 2 MiB per process and is written by its owner.
	maxCmdlineRead = 4 * MaxCommandBytes
	// maxNameBytes bounds names: users, comm, interfaces, units, journal
	// identifiers, hosts, file system types, device models.
	maxNameBytes = 256
	// maxPathBytes bounds paths: mount points and mount sources.
	maxPathBytes = 1024
	// maxAttrBytes bounds one procfs or sysfs attribute file; the kernel
	// caps sysfs attributes at a page.
	maxAttrBytes = 64 << 10
	// maxTableBytes bounds whole-system procfs tables (/proc/stat,
	// cpuinfo, mountinfo, swaps) and /etc/passwd.
	maxTableBytes = 4 << 20
)

// errTooLarge is returned for a file that must be read whole but is over
// its bound.
var errTooLarge = errors.New("file is larger than annad reads")

// readBounded reads at most max bytes of the file at path and reports
// whether there was more. It never follows a symlink as the last path
// element: procfs and sysfs files are not links.
func readBounded(path string, max int) ([]byte, bool, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	if err != nil {
		return nil, false, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer unix.Close(fd)
	buf := make([]byte, min(max+1, 4096))
	n := 0
	for {
		if n == len(buf) {
			if n > max {
				return buf[:max], true, nil
			}
			buf = append(buf, make([]byte, min(len(buf), max+1-len(buf)))...)
		}
		m, err := unix.Read(fd, buf[n:])
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return nil, false, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if m == 0 {
			return buf[:n], false, nil
		}
		n += m
	}
}

// readWhole reads a file that is useless when cut (a table parsed as a
// whole), failing with errTooLarge past max bytes.
func readWhole(path string, max int) ([]byte, error) {
	b, cut, err := readBounded(path, max)
	if err == nil && cut {
		err = fmt.Errorf("%w (over %d KiB)", errTooLarge, max>>10)
	}
	return b, err
}

// jsonLen is the length of s as encoding/json writes it in a string,
// quotes left out: '<', '>', '&', U+2028, U+2029 and invalid bytes take
// six bytes, '"', '\\' and \n, \r, \t two, other controls six.
func jsonLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n += jsonByteLen(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1, r == 0x2028, r == 0x2029:
			n += 6
		default:
			n += size
		}
		i += size
	}
	return n
}

func jsonByteLen(c byte) int {
	switch {
	case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t':
		return 2
	case c < 0x20 || c == '<' || c == '>' || c == '&':
		return 6
	}
	return 1
}

// cutEncoded cuts s so that its JSON encoding (quotes left out) is at most
// max bytes: at the last line boundary that fits when atLine is set and s
// has one, else at a rune boundary. It reports whether it cut anything.
func cutEncoded(s string, max int, atLine bool) (string, bool) {
	if len(s) <= max/6 || jsonLen(s) <= max {
		return s, false
	}
	n, end, lastLine := 0, 0, -1
	for end < len(s) {
		_, size := utf8.DecodeRuneInString(s[end:])
		if n += jsonLen(s[end : end+size]); n > max {
			break
		}
		end += size
		if s[end-1] == '\n' {
			lastLine = end
		}
	}
	if atLine && lastLine > 0 {
		return s[:lastLine], true
	}
	return s[:end], true
}

// capStdout cuts s to MaxStdoutBytes-style bound max as JSON, at a line
// boundary (or, for one overlong line, a rune boundary), and reports
// whether it cut anything.
func capStdout(s string, max int) (string, bool) {
	return cutEncoded(s, max, true)
}

// fitCount returns how many of n rows fit in max bytes of a JSON array
// whose row i encodes to size(i) bytes (a negative size stops there).
func fitCount(n int, size func(i int) int, max int) int {
	total := 2 // []
	for i := range n {
		s := size(i)
		if i > 0 {
			s++ // the comma
		}
		if s < 0 || total+s > max {
			return i
		}
		total += s
	}
	return n
}

// jsonSize is the length of v's JSON encoding, or -1 when it has none.
func jsonSize(v any) int {
	b, err := json.Marshal(v)
	if err != nil {
		return -1
	}
	return len(b)
}

// fitRows keeps the most rows that fit in max bytes as a JSON array: the
// first ones, or the last ones when fromTail is set. It returns them and
// how many were dropped.
func fitRows[T any](rows []T, max int, fromTail bool) ([]T, int) {
	if !fromTail {
		n := fitCount(len(rows), func(i int) int { return jsonSize(rows[i]) }, max)
		return rows[:n], len(rows) - n
	}
	last := len(rows) - 1
	n := fitCount(len(rows), func(i int) int { return jsonSize(rows[last-i]) }, max)
	return rows[len(rows)-n:], len(rows) - n
}

// fitData bounds a probe's Data to max bytes of JSON. Data over the bound
// keeps its leading rows when it is a slice (probes put the most relevant
// first) and is left out otherwise; note says what was dropped.
func fitData(data any, max int) (fitted any, note string) {
	if data == nil {
		return nil, ""
	}
	size := jsonSize(data)
	if size < 0 {
		return nil, "data left out: it cannot be encoded as JSON"
	}
	if size <= max {
		return data, ""
	}
	v := reflect.ValueOf(data)
	if v.Kind() != reflect.Slice {
		return nil, fmt.Sprintf("data left out: its %d bytes of JSON are over the %d KiB bound", size, max>>10)
	}
	n := fitCount(v.Len(), func(i int) int { return jsonSize(v.Index(i).Interface()) }, max)
	return v.Slice(0, n).Interface(),
		fmt.Sprintf("data holds the first %d of %d rows: all of them are over the %d KiB bound", n, v.Len(), max>>10)
}

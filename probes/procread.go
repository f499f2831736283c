package probes

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/sys/unix"
)

// procReader reads per-process files for a process scan. It is the hot
// path of top_memory and top_cpu, so it reads with raw syscalls into one
// reused buffer (os.Open adds a poller registration and io.ReadAll extra
// reads) and parses without fmt. procfs's Proc.Stat and Proc.NewStatus
// took several times longer, most of it in fmt.Fscan and in generating
// /proc/<pid>/status, which this reader does not need.
type procReader struct {
	buf []byte
}

// read returns at most max bytes of the file at path, and whether there
// was more; the slice is valid until the next read. A read that leaves
// room in the buffer ends it: /proc's per-process files (single-record
// seq_files and cmdline) hand over everything they have in one read when
// it fits, so the usual extra read to see end-of-file would only add a
// syscall per file. The bound matters for cmdline, which its owner can
// make 2 MiB long: only its head is read.
func (r *procReader) read(path string, max int) ([]byte, bool, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	if err != nil {
		return nil, false, err
	}
	defer unix.Close(fd)
	if len(r.buf) < max+1 {
		r.buf = make([]byte, max+1)
	}
	buf := r.buf[:max+1]
	n := 0
	for {
		m, err := unix.Read(fd, buf[n:])
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return nil, false, err
		}
		n += m
		switch {
		case n > max:
			return buf[:max], true, nil
		case m == 0 || n < len(buf):
			return buf[:n], false, nil
		}
	}
}

// pidStat holds the fields of /proc/<pid>/stat a ps listing needs.
type pidStat struct {
	comm                     string
	state                    string
	pgrp, session, tty, tpgd int
	flags                    uint64
	utime, stime             uint64
	nice                     int
	threads                  int
	starttime                uint64 // clock ticks after boot
	vsize                    uint64 // bytes
	rss                      uint64 // pages
}

var errBadStat = errors.New("malformed stat line")

// pfKthread marks kernel threads in the flags of /proc/<pid>/stat. They
// have no command line, so a scan need not open one.
const pfKthread = 0x00200000

// parseStat reads a /proc/<pid>/stat line. The command name sits in
// parentheses and may itself contain spaces and parentheses, so the fields
// start after the last ')'.
func parseStat(line []byte) (pidStat, error) {
	var s pidStat
	l := bytes.IndexByte(line, '(')
	r := bytes.LastIndexByte(line, ')')
	if l < 0 || r < l || r+2 > len(line) {
		return s, errBadStat
	}
	s.comm = Sanitize(string(line[l+1:r]), maxNameBytes)
	rest := line[r+2:]
	// Field numbers follow proc(5): 3 is the state.
	for field := 3; len(rest) > 0 && field <= 24; field++ {
		tok := rest
		if i := bytes.IndexByte(rest, ' '); i >= 0 {
			tok, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		switch field {
		case 3:
			s.state = string(tok)
		case 5:
			s.pgrp = atoi(tok)
		case 6:
			s.session = atoi(tok)
		case 7:
			s.tty = atoi(tok)
		case 8:
			s.tpgd = atoi(tok)
		case 9:
			s.flags = atou(tok)
		case 14:
			s.utime = atou(tok)
		case 15:
			s.stime = atou(tok)
		case 19:
			s.nice = atoi(tok)
		case 20:
			s.threads = atoi(tok)
		case 22:
			s.starttime = atou(tok)
		case 23:
			s.vsize = atou(tok)
		case 24:
			s.rss = atou(tok)
			return s, nil
		}
	}
	return s, errBadStat
}

func atoi(b []byte) int {
	n, _ := strconv.Atoi(string(b)) // no allocation: the conversion does not escape
	return n
}

func atou(b []byte) uint64 {
	n, _ := strconv.ParseUint(string(b), 10, 64)
	return n
}

// commandLine turns the head of /proc/<pid>/cmdline into the string ps
// prints: the arguments joined by spaces, sanitized and bounded to
// MaxCommandBytes. cut says the file went on past raw; the result then
// ends with the cut marker too.
func commandLine(raw []byte, cut bool) string {
	if cut {
		// The read may have split a rune; drop its head rather than show
		// a replacement character.
		for i := len(raw) - 1; i >= 0 && i >= len(raw)-utf8.UTFMax; i-- {
			if utf8.RuneStart(raw[i]) {
				if !utf8.FullRune(raw[i:]) {
					raw = raw[:i]
				}
				break
			}
		}
	} else {
		raw = bytes.TrimRight(raw, "\x00")
	}
	s := strings.ReplaceAll(string(raw), "\x00", " ")
	out, short := sanitize(s, MaxCommandBytes, false)
	if cut && !short {
		out = withCutMarker(out, MaxCommandBytes)
	}
	return out
}

package probes

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// psColumns are the columns of `ps aux` (procps-ng 4) with their widths;
// COMMAND, the last, is never padded or cut.
var psColumns = []column{
	{"USER", left, 8}, {"PID", right, 5}, {"%CPU", right, 4}, {"%MEM", right, 4},
	{"VSZ", right, 6}, {"RSS", right, 5}, {"TTY", left, 8}, {"STAT", left, 4},
	{"START", right, 5}, {"TIME", right, 6}, {"COMMAND", left, 0},
}

// renderPS prints procs like `ps aux`; now decides how START reads.
func renderPS(procs []Process, now time.Time) string {
	var b strings.Builder
	b.Grow(128 * (len(procs) + 1))
	header := make([]string, len(psColumns))
	for i, c := range psColumns {
		header[i] = c.header
	}
	writePSLine(&b, header)
	cells := make([]string, len(psColumns))
	for _, p := range procs {
		cells[0] = psUser(p.User)
		cells[1] = strconv.Itoa(p.PID)
		cells[2] = strconv.FormatFloat(p.CPUPercent, 'f', psDecimals(p.CPUPercent), 64)
		cells[3] = strconv.FormatFloat(p.MemPercent, 'f', 1, 64)
		cells[4] = strconv.FormatUint(p.VSZKiB, 10)
		cells[5] = strconv.FormatUint(p.RSSKiB, 10)
		cells[6] = p.TTY
		cells[7] = p.Stat
		cells[8] = psStart(p.Start, now)
		cells[9] = psTime(p.CPUSeconds)
		cells[10] = p.Command
		writePSLine(&b, cells)
	}
	return b.String()
}

// psDecimals is 0 from 100% up, where ps drops the decimal.
func psDecimals(pct float64) int {
	if pct >= 100 {
		return 0
	}
	return 1
}

// writePSLine lays cells out as ps does: every column has a nominal
// position; a cell wider than its column pushes the rest of the line
// right, and the next left-aligned column gives the space back.
func writePSLine(b *strings.Builder, cells []string) {
	cursor, nominal := 0, 0
	for i, c := range psColumns {
		cell := cells[i]
		n := utf8.RuneCountInString(cell)
		if i > 0 {
			b.WriteByte(' ')
			cursor++
			nominal++
		}
		nominal += c.min
		switch {
		case i == len(psColumns)-1:
			b.WriteString(cell)
		case c.side == right:
			pad := max(nominal-cursor-n, 0)
			b.WriteString(strings.Repeat(" ", pad))
			b.WriteString(cell)
			cursor += pad + n
		default:
			b.WriteString(cell)
			pad := max(nominal-cursor-n, 0)
			b.WriteString(strings.Repeat(" ", pad))
			cursor += n + pad
		}
	}
	b.WriteByte('\n')
}

// psUser cuts names longer than ps's 8 columns to 7 and a "+".
func psUser(name string) string {
	if utf8.RuneCountInString(name) <= 8 {
		return name
	}
	r := []rune(name)
	return string(r[:7]) + "+"
}

// psStart is ps's START: the time for processes started today, the month
// and day for this year, else the year.
func psStart(start, now time.Time) string {
	switch {
	case start.Year() != now.Year():
		return start.Format("2006")
	case start.YearDay() != now.YearDay():
		return start.Format("Jan02")
	default:
		return start.Format("15:04")
	}
}

// psTime is ps aux's TIME: cumulative CPU time as minutes:seconds.
func psTime(seconds uint64) string {
	s := strconv.FormatUint(seconds%60, 10)
	if len(s) < 2 {
		s = "0" + s
	}
	return strconv.FormatUint(seconds/60, 10) + ":" + s
}

// ttyName names a controlling terminal from /proc/<pid>/stat's tty_nr the
// way ps does for the common devices; others (and none) print as "?".
func ttyName(nr int) string {
	if nr == 0 {
		return "?"
	}
	major := (nr >> 8) & 0xfff
	minor := (nr & 0xff) | ((nr >> 12) & 0xfff00)
	switch {
	case major == 4 && minor < 64:
		return "tty" + strconv.Itoa(minor)
	case major == 4:
		return "ttyS" + strconv.Itoa(minor-64)
	case major >= 136 && major <= 143:
		return "pts/" + strconv.Itoa((major-136)<<8|minor)
	case major == 5 && minor == 1:
		return "console"
	}
	return "?"
}

// psStat builds ps's STAT from the state letter and the flags ps adds:
// < high priority, N low priority, s session leader, l multi-threaded,
// + in the foreground process group. ps's L (locked pages) is left out: it
// needs /proc/<pid>/status, which would double the cost of a scan.
func psStat(state string, nice int, leader bool, threads int, foreground bool) string {
	b := []byte(state)
	switch {
	case nice < 0:
		b = append(b, '<')
	case nice > 0:
		b = append(b, 'N')
	}
	if leader {
		b = append(b, 's')
	}
	if threads > 1 {
		b = append(b, 'l')
	}
	if foreground {
		b = append(b, '+')
	}
	return string(b)
}

// psCommand is the command line, or, for a process without one (a kernel
// thread or a zombie), [comm] as ps shows it, zombies with " <defunct>".
func psCommand(cmdline, comm, state string) string {
	if cmdline != "" {
		return cmdline
	}
	s := "[" + comm + "]"
	if state == "Z" {
		s += " <defunct>"
	}
	return s
}

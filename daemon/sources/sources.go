// Package sources numbers the lines of probe output a model answers from
// and reads the line numbers an answer cites. Citations let the supervisor
// check each sentence against the few lines it says it came from instead
// of the whole evidence, where some other line often holds the same figure
// or name by chance.
//
// The contract: the prompt shows every line as "N| text"; the model ends a
// sentence that states a fact about the machine with the numbers of its
// lines in brackets, "[12]", "[12, 14]" or "[12-14]".
package sources

import (
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Line is one numbered line of a probe's output.
type Line struct {
	// N is the line's number, from 1, unique across one request's probes.
	N int
	// Probe and Command name the probe the line came from.
	Probe, Command string
	// Header is the column header of a table probe's output (ps, df,
	// lsblk, ss, systemctl --failed), empty for other probes and for the
	// header line itself: a row's figures mean nothing without it.
	Header string
	// Text is the line as the probe printed it, whole; a prompt shows it
	// cut (Shown).
	Text string
}

// tables are the probes whose first line names the columns of the rest.
var tables = map[string]bool{
	probes.TopMemory: true, probes.TopCPU: true, probes.DiskUsage: true,
	probes.BlockDevices: true, probes.ListeningPorts: true, probes.FailedServices: true,
}

// HasHeader reports whether probe is a table probe: its first line names
// the columns of the rest, so Number attaches it to every row and the
// specialist's row policy always keeps it.
func HasHeader(probe string) bool { return tables[probe] }

// MaxLines bounds the lines numbered for one request, so an answer's
// citations and the lookups behind them stay small whatever a probe
// printed. The lines past it are the request's last ones: for the journal,
// which prints oldest first, its newest (the prompt says so).
const MaxLines = 4096

// Number numbers the non-blank stdout lines of every successful result, in
// order. Numbering is deterministic: the same results always give the same
// numbers, so the prompt and the supervisor agree on them.
func Number(results []rpc.ProbeResult) []Line {
	var out []Line
	for _, r := range results {
		if !r.OK() {
			continue
		}
		header := ""
		first := true
		for _, text := range strings.Split(r.Stdout, "\n") {
			if strings.TrimSpace(text) == "" {
				continue
			}
			if len(out) == MaxLines {
				return out
			}
			l := Line{N: len(out) + 1, Probe: r.Probe, Command: r.Command, Text: text}
			if tables[r.Probe] {
				if first {
					header = text
				} else {
					l.Header = header
				}
			}
			first = false
			out = append(out, l)
		}
	}
	return out
}

// Cite is one bracketed citation of an answer.
type Cite struct {
	// At is the byte offset in the cleaned answer just after the last
	// non-space character before the citation: the sentence holding At-1
	// is the one the citation belongs to.
	At int
	// Lines are the cited line numbers, in the order written, each once.
	Lines []int
}

// maxCiteLines bounds the numbers one bracket may expand to ("[1-4096]"
// cites nothing in particular).
const maxCiteLines = 64

// Parse removes every citation from answer and returns the cleaned text
// and the citations in order. A bracket counts as a citation only when it
// holds nothing but numbers, commas, dashes, spaces and an optional "L"
// before a number ("[L12]"), and only when no word touches it on the left,
// so "[::]:22", "[1/2]" and "sshd[612]" stay text. Spaces
// before a citation are removed with it.
func Parse(answer string) (string, []Cite) { return ParseAfter(0, answer) }

// ParseAfter is Parse for text that follows the byte before (0 for
// none): a streamed reply's next piece, whose first bracket is a citation
// or a PID ("sshd" then "[612]") by the byte an earlier piece ended with.
func ParseAfter(before byte, text string) (string, []Cite) {
	var b strings.Builder
	var cites []Cite
	pos := 0 // text[:pos] is written or removed
	for pos < len(text) {
		i := strings.IndexByte(text[pos:], '[')
		if i < 0 {
			break
		}
		i += pos
		// A longer inside is no citation: the search for its "]" stops
		// there, so many unclosed brackets cost linear time.
		j := strings.IndexByte(text[i+1:min(len(text), i+2+MaxCiteInside)], ']')
		prev := before
		if i > 0 {
			prev = text[i-1]
		}
		var nums []int
		ok := j >= 0
		if ok {
			j += i + 1
			nums, ok = citeNumbers(text[i+1 : j])
		}
		if !ok || glued(prev) {
			b.WriteString(text[pos : i+1])
			pos = i + 1
			continue
		}
		b.WriteString(strings.TrimRight(text[pos:i], " \t"))
		at := len(strings.TrimRight(b.String(), " \t\n"))
		cites = append(cites, Cite{At: at, Lines: nums})
		pos = j + 1
	}
	b.WriteString(text[pos:])
	return b.String(), cites
}

// MaxCiteInside is the longest text between brackets read as a citation.
const MaxCiteInside = 200

// glued reports whether b, right before a bracket, makes the bracket part
// of a word: "sshd[612]" and "cc1plus[4242]" quote a journal identifier's
// PID, not a citation.
func glued(b byte) bool {
	return b == '_' || b == '-' || b == '.' || b == '/' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// citeNumbers reads the inside of a bracket: numbers and ranges separated
// by commas.
func citeNumbers(s string) ([]int, bool) {
	if strings.TrimSpace(s) == "" || len(s) > MaxCiteInside {
		return nil, false
	}
	var out []int
	add := func(n int) {
		for _, m := range out {
			if m == n {
				return
			}
		}
		out = append(out, n)
	}
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, ok := lineNumber(lo)
		if !ok {
			return nil, false
		}
		if !isRange {
			add(a)
			continue
		}
		z, ok := lineNumber(hi)
		if !ok || z < a || z-a >= maxCiteLines {
			return nil, false
		}
		for n := a; n <= z; n++ {
			add(n)
		}
	}
	if len(out) > maxCiteLines {
		return nil, false
	}
	return out, true
}

func lineNumber(s string) (int, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "L"), "l")
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || strconv.Itoa(n) != s {
		return 0, false
	}
	return n, true
}

// Render writes lines as the model sees them: a "### probe (command)"
// heading before each probe's first line, then "N| text" per line.
func Render(lines []Line) string {
	var b strings.Builder
	probe := ""
	for _, l := range lines {
		if l.Probe != probe {
			b.WriteString("### " + l.Probe + " (" + l.Command + ")\n")
			probe = l.Probe
		}
		b.WriteString(strconv.Itoa(l.N) + "| " + l.Text + "\n")
	}
	return b.String()
}

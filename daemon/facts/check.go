package facts

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
)

// Evidence is what an answer's facts are checked against: the numbered
// lines the model was shown and the hardware snapshot (line 0), indexed
// once per answer.
type Evidence struct {
	lines []sources.Line
	at    map[int]int
	norms []string
	// texts are the lines with blanks collapsed but case kept: a count
	// counts lines holding its text as written ("LISTEN" is not
	// "[listener]").
	texts []string
	// shown are texts as the prompt showed each line (sources.Line.Shown),
	// "" for a line shown whole: a count may be of either.
	shown    []string
	hardware string
	// hwLines are the hardware text's lines, each as norm writes it.
	hwLines []string
	// freeHead is free's column header, which sources gives no table
	// Header: its rows start with a label ("Mem:") the header lacks.
	freeHead string
}

// NewEvidence indexes lines and the hardware snapshot's text.
func NewEvidence(lines []sources.Line, hardware string) *Evidence {
	e := &Evidence{lines: lines, at: make(map[int]int, len(lines)), norms: make([]string, len(lines)), texts: make([]string, len(lines)), shown: make([]string, len(lines)), hardware: norm(hardware)}
	for l := range strings.Lines(hardware) {
		if l = norm(l); l != "" {
			e.hwLines = append(e.hwLines, l)
		}
	}
	for i, l := range lines {
		e.at[l.N] = i
		e.norms[i] = norm(l.Text)
		e.texts[i] = collapse(l.Text)
		if shown := l.Shown(); shown != l.Text {
			e.shown[i] = collapse(shown)
		}
		if l.Probe == probes.MemoryInfo && e.freeHead == "" && (i == 0 || lines[i-1].Probe != l.Probe) {
			e.freeHead = "label " + l.Text // its rows start with a label column
		}
	}
	return e
}

// Check reports why f is not what its line says, or "" when it is. The
// value, the subject and the field are each looked up as written: words
// and figures whole ("55" is not "55G"), case and runs of blanks aside.
func (e *Evidence) Check(f Fact) string {
	_, why := e.Find(f)
	return why
}

// Find is Check, returning as well the line f holds on. A fact its own
// line does not say may still be what another line of the same probe
// says, whole: models cite a neighbour of the right line often, and the
// fact the user reads names no line. Find then returns that line and no
// reason; the reason given is always the named line's. Another probe's
// line is not searched: that is where a figure holds by chance.
func (e *Evidence) Find(f Fact) (int, string) {
	why := e.check(f)
	if why == "" || f.Count != "" || f.Line == 0 || norm(f.Value) == "" {
		return f.Line, why
	}
	i, ok := e.at[f.Line]
	if !ok {
		return f.Line, why
	}
	value := norm(f.Value)
	for j, l := range e.lines {
		if l.N == f.Line || l.Probe != e.lines[i].Probe || !hasWord(e.norms[j], value) && e.blockHead(j) == "" {
			continue
		}
		g := f
		g.Line = l.N
		if e.check(g) == "" {
			return l.N, ""
		}
	}
	return f.Line, why
}

// check is Check of the line f names.
func (e *Evidence) check(f Fact) string {
	if f.Count != "" {
		return e.checkCount(f)
	}
	value := norm(f.Value)
	if value == "" {
		return "no value"
	}
	if why, ok := e.checkSnapshotField(f); ok { // hardware.go
		return why
	}
	if f.Line == 0 {
		return e.checkOn(f, e.hardware, "", "the hardware snapshot", nil)
	}
	i, ok := e.at[f.Line]
	if !ok {
		return fmt.Sprintf("line %d was not shown", f.Line)
	}
	l := e.lines[i]
	header := l.Header
	if l.Probe == probes.MemoryInfo && !strings.HasPrefix(l.Text, " ") { // free's header is indented, its rows not
		header = e.freeHead
	}
	var cells []cell
	if header != "" && !footerRe.MatchString(l.Text) {
		cells = rowCells(header, l.Text)
	}
	where := "line " + strconv.Itoa(f.Line)
	if cells == nil {
		if why := checkKeyed(f, l.Text, where); why != "" { // keyed.go
			return why
		}
	}
	text := e.norms[i]
	if head := e.blockHead(i); head != "" {
		text += " " + head
	}
	// The probe's name and command are shown above its lines ("###
	// cpu_info (lscpu)"), so the thing a line is about may be named by
	// them: "CPU" for lscpu's "Model name: AMD EPYC", "systemctl --failed"
	// or "failed units" for systemctl's footer.
	return e.checkOn(f, text, probeHeading(l.Probe), where, cells)
}

// probeHeading is the words the prompt shows above a probe's lines: its
// ID with blanks for "_" and its command.
func probeHeading(id string) string {
	heading := strings.ReplaceAll(id, "_", " ")
	if spec, ok := probes.Lookup(id); ok {
		heading += " " + norm(spec.Command)
	}
	return heading
}

// footerRe is systemctl's count under its table ("2 loaded units
// listed."), which is no row of it.
var footerRe = regexp.MustCompile(`^\s*\d+ loaded units? listed`)

// checkOn checks f against one line's text (with its block's head), the
// row's cells when the line is a table row; the subject may also use the
// words of about, the line's probe name.
func (e *Evidence) checkOn(f Fact, text, about, where string, cells []cell) string {
	value := norm(f.Value)
	if !hasWord(text, value) {
		return "not on " + where
	}
	field := norm(f.Field)
	switch subject := norm(f.Subject); {
	case subject == "" && (about == "" || cells != nil || field == "" || len(wordsNotIn(field, text, subjectWords)) > 0):
		// With no subject the field must name what a probe line's value
		// is, in the line's own words ("units listed: 2 loaded units
		// listed."); a table row or the hardware snapshot needs one.
		return "no subject"
	case subject != "":
		if missing := wordsNotIn(subject, text+" "+about, subjectWords); len(missing) > 0 {
			return "subject " + missing[0] + " not on " + where
		}
	}
	if cells == nil {
		for _, w := range wordsNotIn(field, text, nil) {
			if claimLike(w) {
				return "field " + w + " not on " + where
			}
		}
		return ""
	}
	found := false
	for _, c := range cells {
		if !hasWord(c.text, value) {
			continue
		}
		found = true
		if columnIs(c.column, field) {
			return ""
		}
	}
	if !found {
		return "not one cell of " + where
	}
	return fmt.Sprintf("%s is not the column of %s on %s", orNone(f.Field), f.Value, where)
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "no field"
	}
	return "field " + strings.TrimSpace(s)
}

// checkCount checks a count: Value must be the number of shown lines
// holding Count, in their whole text or as the prompt cut them (the
// model counts what it saw; a cut line may hide the text it counts).
func (e *Evidence) checkCount(f Fact) string {
	want := collapse(f.Count)
	if len(want) < 3 {
		return "a count of text too short to count"
	}
	n, err := strconv.Atoi(strings.TrimSpace(f.Value))
	if err != nil {
		return "a count that is not a number"
	}
	got, seen := len(e.Holding(f.Count)), e.holdingShown(f.Count)
	switch {
	case got == n || seen == n:
		return ""
	case seen != got:
		return fmt.Sprintf("%d lines hold %q (%d as shown)", got, f.Count, seen)
	}
	return fmt.Sprintf("%d lines hold %q", got, f.Count)
}

// holdingShown counts the lines holding text as the prompt showed them.
func (e *Evidence) holdingShown(text string) int {
	want := collapse(text)
	n := 0
	for i, t := range e.texts {
		if e.shown[i] != "" {
			t = e.shown[i]
		}
		if want != "" && strings.Contains(t, want) {
			n++
		}
	}
	return n
}

// Holding returns the numbers of the lines a count of text counts.
func (e *Evidence) Holding(text string) []int {
	want := collapse(text)
	if want == "" {
		return nil
	}
	var out []int
	for i, t := range e.texts {
		if strings.Contains(t, want) {
			out = append(out, e.lines[i].N)
		}
	}
	return out
}

// blockHead is the line an indented line of ip addr is under ("2: eth0:
// …" for "inet 10.0.0.5/24 …"), whose interface the fact may name; "" for
// any other line.
func (e *Evidence) blockHead(i int) string {
	l := e.lines[i]
	if l.Probe != probes.NetworkAddrs || !strings.HasPrefix(l.Text, " ") {
		return ""
	}
	for j := i - 1; j >= 0 && e.lines[j].Probe == l.Probe; j-- {
		if !strings.HasPrefix(e.lines[j].Text, " ") {
			return e.norms[j]
		}
	}
	return ""
}

// collapse writes each run of blanks in s as one space.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// norm lowercases s and writes each run of blanks as one space.
func norm(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// hasToken reports whether needle is in hay as a whole: no letter or digit
// touches it on a side where its own first or last byte is one.
func hasToken(hay, needle string) bool {
	if needle == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(needle)
	last, _ := utf8.DecodeLastRuneInString(needle)
	for from := 0; from < len(hay); {
		i := strings.Index(hay[from:], needle)
		if i < 0 {
			return false
		}
		start, end := from+i, from+i+len(needle)
		if !touches(hay[:start], first, true) && !touches(hay[end:], last, false) {
			return true
		}
		from = start + 1
	}
	return false
}

// touches reports whether the text beside a match (before it when
// before is set, else after it) runs on into the match's edge rune r: a
// letter or digit beside a letter or digit ("55" in "55G"), or a decimal
// point or comma and a digit beside a digit ("5" in "5.7", "3" in
// "3.6Gi"). Box-drawing glyphs ("├─sda1") and other symbols touch
// nothing.
func touches(beside string, r rune, before bool) bool {
	if !wordRune(r) || beside == "" {
		return false
	}
	next, size := utf8.DecodeRuneInString(beside)
	if before {
		next, size = utf8.DecodeLastRuneInString(beside)
	}
	if wordRune(next) {
		return true
	}
	if !unicode.IsDigit(r) || (next != '.' && next != ',') || len(beside) == size {
		return false
	}
	after, _ := utf8.DecodeRuneInString(beside[size:])
	if before {
		after, _ = utf8.DecodeLastRuneInString(beside[:len(beside)-size])
	}
	return unicode.IsDigit(after)
}

// hasWord is hasToken, except that a word with no letter or digit ("/",
// "%") is in every path or figure, so it must be one of text's
// blank-separated words.
func hasWord(text, w string) bool {
	if strings.IndexFunc(w, wordRune) >= 0 {
		return hasToken(text, w)
	}
	return slices.Contains(strings.Fields(text), w)
}

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// wordsNotIn returns the words of s (split at anything but letters,
// digits and a few joiners) that are neither in text nor in allowed.
func wordsNotIn(s, text string, allowed lexicon.Set) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 0x80 || strings.ContainsRune("%./:_-@[]=", r))
	}) {
		w = strings.Trim(w, ".:-[]")
		if w == "" || allowed[w] || stopWords[w] {
			continue
		}
		if hasWord(text, w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// stopWords join a subject's or a field's words and say nothing a line
// could contradict.
var stopWords = lexicon.NewSet("the a an of on in at by for to from with and its per")

// claimLike reports whether a field's word that its line does not print
// says something a line could contradict: an event or a state
// ("restarted", "banned", "successfully", "running", "down"), not a kind
// of value ("jail", "reason", "address"). Such a word must be the line's
// own: "renewed" is no claim about a line that says "Failed to renew".
func claimLike(w string) bool {
	return claimWords[w] || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ly") ||
		strings.HasSuffix(w, "ful") || strings.HasSuffix(w, "less")
}

// claimWords are the states and judgements claimLike cannot tell by
// their ending.
var claimWords = lexicon.NewSet("up down ok okay fine healthy full empty active inactive dead alive success succeeds succeed " +
	"fail fails failure error-free not no never none nothing open closed broken slow fast high low ban kill restart " +
	"stop start crash reload renew deliver reject accept bounce expire enable disable only all every most least")

// subjectWords may stand in a subject beside the name a line prints
// ("process 733", "interface ens3", "the /var mount").
var subjectWords = lexicon.NewSet("pid process interface device mount unit service user address port disk filesystem " +
	"partition host line row job worker child")

package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Rule widths. On a terminal the rule spans the window up to maxRule
// columns, so it still reads as a separator on a wide screen; elsewhere it
// has the spec's 38 columns.
const (
	maxRule   = 72
	plainRule = 38
)

// clarifyLabel marks the question Anna asks back, so it is not mistaken for
// an answer.
const clarifyLabel = "needs clarification: "

// style applies SGR attributes when color is on and is the identity
// otherwise.
type style struct{ color bool }

func (st style) sgr(code, s string) string {
	if !st.color || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (st style) bold(s string) string   { return st.sgr("1", s) }
func (st style) dim(s string) string    { return st.sgr("2", s) }
func (st style) red(s string) string    { return st.sgr("31", s) }
func (st style) yellow(s string) string { return st.sgr("1;33", s) }

// score colors a reliability score: green from 80, yellow from 40, red
// below.
func (st style) score(n int) string {
	s := fmt.Sprintf("%d%%", n)
	switch {
	case n >= 80:
		return st.sgr("1;32", s)
	case n >= 40:
		return st.sgr("1;33", s)
	default:
		return st.sgr("1;31", s)
	}
}

// ruleWidth returns the separator width for a terminal of width columns (0
// when not a terminal).
func ruleWidth(width int) int {
	if width <= 0 {
		return plainRule
	}
	return min(width, maxRule)
}

// renderAnswer writes the spec's unified output block for one exchange. It
// is the only place the block is built, so one-shot and REPL output are
// identical. width is the terminal width, 0 when not a terminal (no
// wrapping).
func renderAnswer(w io.Writer, query string, a *rpc.Answer, width int, st style) error {
	var b strings.Builder
	rule := strings.Repeat("─", ruleWidth(width))
	// The header names who wrote the answer: the brain's fast path, or
	// the model (none when it was unavailable).
	model := Sanitize(a.Model)
	switch {
	case a.Origin == rpc.OriginBrain:
		model = "brain"
	case model == "":
		model = "no llm"
	}
	version := strings.TrimPrefix(Sanitize(a.Version), "v")
	b.WriteString(wrap(fmt.Sprintf("anna v%s (%s)", version, model), width) + "\n")
	b.WriteString(rule + "\n")
	b.WriteString(st.bold("[you]") + "\n")
	b.WriteString(wrap(strings.TrimSpace(Sanitize(query)), width) + "\n\n")

	domain := Sanitize(a.Domain)
	if domain == "" {
		domain = "general"
	}
	b.WriteString(annaHeader(domain, a.ReliabilityScore, width, st) + "\n")
	body := strings.TrimSpace(Sanitize(a.Answer))
	question := ""
	if a.NeedsClarification && a.ClarificationQuestion != nil {
		question = strings.TrimSpace(Sanitize(*a.ClarificationQuestion))
	}
	if body == question {
		body = "" // the daemon may repeat the question as the answer
	}
	if body != "" {
		b.WriteString(wrap(body, width) + "\n")
	}
	if question != "" {
		if body != "" {
			b.WriteString("\n")
		}
		b.WriteString(labeled(clarifyLabel, question, width, st.yellow) + "\n")
	}
	if body == "" && question == "" {
		b.WriteString(st.dim("(no answer)") + "\n")
	}
	if a.Evidence.LastError != nil {
		if msg := strings.TrimSpace(Sanitize(*a.Evidence.LastError)); msg != "" {
			b.WriteString(labeled("last error: ", msg, width, st.red) + "\n")
		}
	}
	b.WriteString("\n" + labeled("probes: ", probeList(a.Evidence.ProbesExecuted), width, st.bold) + "\n")
	b.WriteString(citedBlock(a.Evidence.CitedLines, width, st))
	b.WriteString(rule + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// annaHeader is "[anna] <domain> specialist  reliability: <score>%",
// wrapped first and colored after, so escape codes never count toward the
// width.
func annaHeader(domain string, score, width int, st style) string {
	pct := fmt.Sprintf("%d%%", score)
	line := wrap(fmt.Sprintf("[anna] %s specialist  reliability: %s", domain, pct), width)
	if i := strings.LastIndex(line, pct); i >= 0 {
		line = line[:i] + st.score(score) + line[i+len(pct):]
	}
	if rest, ok := strings.CutPrefix(line, "[anna]"); ok {
		line = st.bold("[anna]") + rest
	}
	return line
}

// labeled wraps label+text and then colors the label, so escape codes
// never count toward the width.
func labeled(label, text string, width int, color func(string) string) string {
	wrapped := wrap(label+text, width)
	if rest, ok := strings.CutPrefix(wrapped, label); ok {
		return color(strings.TrimSuffix(label, " ")) + " " + rest
	}
	return wrapped
}

// probeList names the probes an answer used, marking those that failed.
func probeList(probes []rpc.ProbeResult) string {
	if len(probes) == 0 {
		return "none"
	}
	names := make([]string, 0, len(probes))
	for _, p := range probes {
		name := Sanitize(p.Probe)
		if name == "" {
			name = Sanitize(p.Command)
		}
		if !p.OK() {
			name += " (failed)"
		}
		names = append(names, name)
	}
	return strings.Join(names, ", ")
}

// maxCitedShown bounds the cited lines printed under an answer; the rest
// are counted, and the evidence has them all.
const maxCitedShown = 5

// citedBlock lists the probe lines the answer cites, one a line under a
// "cited:" label, as "<probe>  <text>" with runs of spaces collapsed. On a
// terminal each is cut to the width rather than wrapped, so a long process
// row costs one line. Empty when nothing was cited.
func citedBlock(lines []rpc.CitedLine, width int, st style) string {
	if len(lines) == 0 {
		return ""
	}
	const label = "cited: "
	indent := strings.Repeat(" ", len(label))
	var b strings.Builder
	for i, l := range lines[:min(len(lines), maxCitedShown)] {
		text := Sanitize(l.Probe) + "  " + strings.Join(strings.Fields(Sanitize(l.Text)), " ")
		if room := width - len(label); width > 0 && cells.StringWidth(text) > room {
			if room >= 2 {
				text = cells.Truncate(text, room, "…")
			} else { // not even one character and "…" fit
				text = ""
			}
		}
		if i == 0 {
			b.WriteString(st.bold(strings.TrimSpace(label)) + " " + text + "\n")
		} else {
			b.WriteString(indent + text + "\n")
		}
	}
	if n := len(lines) - maxCitedShown; n > 0 {
		fmt.Fprintf(&b, "%s(%d more cited lines in the evidence)\n", indent, n)
	}
	return b.String()
}

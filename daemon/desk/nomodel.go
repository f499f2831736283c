package desk

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/supervisor"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// Bounds of the probe summary in an answer given without the model: a
// glance at what was read, not the evidence block (which has it all).
const (
	summaryLines     = 5   // per probe, its header included
	summaryLineBytes = 120 // per line
)

// withoutModel writes the honest answer to a question the fast path does
// not know, asked while the LLM is unavailable (err, an llm_unavailable
// error whose message names the URL tried or the missing model and whose
// hint says what to do). It says plainly that Anna cannot explain without
// her model and why, lists the first rows each probe printed, verbatim and
// uninterpreted, and points to `annactl status`. Nothing in it reads as
// analysis: there is none without the model.
func withoutModel(err error, results []rpc.ProbeResult) string {
	msg, hint := err.Error(), ""
	var re *rpc.Error
	if errors.As(err, &re) {
		msg, hint = re.Message, re.Hint()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "I cannot explain this without my model: %s.", strings.TrimSuffix(msg, "."))
	if hint != "" {
		fmt.Fprintf(&b, " To fix it: %s.", strings.TrimSuffix(hint, "."))
	}
	if len(results) == 0 {
		b.WriteString("\n\nI read nothing for this question.")
	} else {
		b.WriteString("\n\nWhat the probes read, first rows only, as they printed them:")
	}
	for _, r := range results {
		b.WriteString("\n\n" + r.Probe)
		if r.Command != "" {
			b.WriteString(" (" + r.Command + ")")
		}
		if !r.OK() {
			reason, _, _ := strings.Cut(strings.TrimSpace(r.Stderr), "\n")
			b.WriteString(": failed: " + runecut.Ellipsis(reason, summaryLineBytes))
			continue
		}
		lines := strings.Split(strings.TrimRight(r.Stdout, "\n"), "\n")
		if len(lines) == 1 && lines[0] == "" {
			b.WriteString(": no output")
			continue
		}
		b.WriteString(":")
		for _, l := range lines[:min(len(lines), summaryLines)] {
			b.WriteString("\n  " + runecut.Ellipsis(l, summaryLineBytes))
		}
		if n := len(lines) - summaryLines; n > 0 {
			fmt.Fprintf(&b, "\n  … %d more lines in the evidence", n)
		}
	}
	b.WriteString("\n\n'annactl status' shows what is missing.")
	return b.String()
}

// unexplained scores an answer given without the model. No checked answer
// was written, so, as for the spec's timeout response, only
// translator_confident can hold (supervisor.Confident: never for the
// keyword ticket the translator falls back to): the score is at most 20.
func unexplained(a *rpc.Answer, t rpc.Ticket) {
	a.ReliabilitySignals = rpc.Signals{TranslatorConfident: supervisor.Confident(t)}
	a.ReliabilityScore = a.ReliabilitySignals.Score()
}

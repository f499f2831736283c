package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// An answer with no figure or name can still quote the machine: "the
// journal has no entries" (journalctl printed "-- No entries --"), "there
// is no connection to the systemd system bus" (the probe's error). When an
// answer makes no other claim, such a quote grounds it: a whole evidence
// line of two to four words, or phraseRun words in a row of one line of
// which at least two are not function words. Instructions found in the
// evidence never count (see injection.go): repeating them is Echoed.

// phraseRun is how many words in a row make a quoted phrase.
const phraseRun = 3

// phrases returns the first phrase the answer shares with the evidence,
// or "".
func phrases(answer, evidence string) string {
	aw := plainWords(answer)
	if len(aw) < 2 {
		return ""
	}
	joined := " " + strings.Join(aw, " ") + " "
	grams := map[[phraseRun]string]bool{}
	for i := 0; i+phraseRun <= len(aw); i++ {
		var g [phraseRun]string
		copy(g[:], aw[i:i+phraseRun])
		grams[g] = true
	}
	for _, line := range strings.Split(evidence, "\n") {
		lw := plainWords(line)
		if len(lw) >= 2 && len(lw) <= 4 {
			if p := strings.Join(lw, " "); strings.Contains(joined, " "+p+" ") {
				return p
			}
		}
		if instructionStart(lw) >= 0 {
			continue
		}
		for i := 0; i+phraseRun <= len(lw); i++ {
			var g [phraseRun]string
			copy(g[:], lw[i:i+phraseRun])
			if grams[g] && contentWords(g[:]) >= 2 {
				return strings.Join(g[:], " ")
			}
		}
	}
	return ""
}

// accessNegations and accessWords within three words of each other say
// that something could not be read: "the journal could not be read",
// "systemd isn't reachable", "I was unable to list units"; failureMarks
// say it alone.
var (
	accessNegations = lexicon.NewSet(`not couldn couldn't cannot can can't isn isn't wasn wasn't unable no without failed`)
	accessWords     = lexicon.NewSet(`read reached reachable reach available accessible access list listed
		check checked connect connection query queried load loaded open opened`)
	failureMarks = lexicon.NewSet(`unavailable unreachable inaccessible unreadable`)
)

// probeTopics name the probes whose failure an answer may report.
var probeTopics = map[string]string{"journal": "system_logs", "logs": "system_logs", "log": "system_logs",
	"journald": "system_logs", "units": "failed_services", "unit": "failed_services",
	"services": "failed_services", "systemd": "failed_services", "systemctl": "failed_services"}

// unreadable returns the error line of a probe whose failure a sentence
// of the answer reports in its own words ("the journal could not be read"
// beside "cannot read the journal: no journal files …"), or "".
func unreadable(answer, evidence string, facts []sentenceFacts) string {
	topics := lexicon.Set{}
	for _, f := range facts {
		aw := plainWords(answer[f.at.start:f.at.end])
		if !reportsFailure(aw) {
			continue
		}
		for _, w := range aw {
			if p := probeTopics[w]; p != "" {
				topics[p] = true
			}
		}
	}
	if len(topics) == 0 {
		return ""
	}
	probe := ""
	for _, line := range strings.Split(evidence, "\n") {
		if rest, ok := strings.CutPrefix(line, "probe "); ok {
			probe, _, _ = strings.Cut(rest, " ")
			continue
		}
		if topics[probe] && strings.HasPrefix(line, "cannot ") {
			return line
		}
	}
	return ""
}

// reportsFailure reports whether a sentence's words say something could
// not be read (see accessNegations).
func reportsFailure(aw []string) bool {
	for i, w := range aw {
		if failureMarks[w] {
			return true
		}
		if !accessNegations[w] {
			continue
		}
		for k := i + 1; k < len(aw) && k <= i+3; k++ {
			if accessWords[aw[k]] {
				return true
			}
		}
	}
	return false
}

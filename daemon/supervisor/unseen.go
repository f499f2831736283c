package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "systemctl --failed failed (no system bus), so there's no evidence about
// failed services": a "no" before a noun of evidence says what the probes
// show, and where the probe of that absence could not read its source it
// shows nothing, so the sentence holds; it is no claim that nothing
// failed. Where the probe read its source, "no sign of failed units" is
// checked like "no failed units".

// evidenceNouns name what the probes show, not the thing itself.
var evidenceNouns = lexicon.NewSet(`evidence sign signs indication indications trace traces`)

// unseenAbsence reports whether sentence f says there is no evidence of
// its absent probe's items and that probe could not be read.
func (ix *index) unseenAbsence(f sentenceFacts) bool {
	if f.absent == "" || f.absent == "swap" || !ix.probeUnread(f.absent) {
		return false
	}
	ws := plainWords(f.blank)
	for i, w := range ws {
		if nothingWords[w] && (evidenceNouns[at(ws, i+1)] || evidenceNouns[at(ws, i+2)] && !phraseBreaks[at(ws, i+1)]) {
			return true
		}
	}
	return false
}

// probeUnread reports whether a probe's output says it could not read its
// source ("cannot list failed units: no connection to the systemd system
// bus").
func (ix *index) probeUnread(probe string) bool {
	for _, r := range ix.recs {
		if r.probe == probe && strings.HasPrefix(r.text, "cannot ") {
			return true
		}
	}
	return false
}

// evidenceLead returns how many words after the "no" at ws[i] a noun of
// evidence and its preposition take ("no sign of any failed units"), so
// that the absence is read from the noun phrase after them; 0 without one.
func evidenceLead(ws []string, i int) int {
	if !evidenceNouns[at(ws, i+1)] {
		return 0
	}
	n := 1
	if w := at(ws, i+2); w == "of" || w == "about" || w == "for" || w == "that" {
		n++
	}
	if at(ws, i+n+1) == "any" {
		n++
	}
	return n
}

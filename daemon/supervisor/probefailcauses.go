package supervisor

import (
	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A causal clause may explain the answer's own limits by a probe that
// failed: "I can't tell which units failed, because the `systemctl
// --failed` probe didn't work (no connection to the systemd system
// bus)". That cause is the probe's own error, not an invented one: its
// words may come from the failed probes' records (marker line and
// error) as well as its sentence's scope, past the words that say it
// failed ("didn't work").

// probeFailWords say a probe did not do its job.
var probeFailWords = lexicon.NewSet(`work works worked working fail fails failed failing error errored errors succeed
	succeeded respond responded answer answered output`)

// errorWords are the words of probeFailWords a negation turns into success.
var errorWords = lexicon.NewSet(`error errored errors`)

// probeFailureScope returns the records of the probes that failed, and
// true, when a causal clause names a probe ("probe", a tool of probeTools)
// and says one failed; else nil and false. Any failed probe's: "the check
// failed because there is no connection to the systemd system bus, and
// the journal couldn't be read either" names the journal in the clause
// and systemctl's error.
func (ix *index) probeFailureScope(f sentenceFacts) (map[int32]bool, bool) {
	from, to := f.causeAt-f.at.start, f.causeEnd-f.at.start
	if from < 0 || to > len(f.blank) || from >= to {
		return nil, false
	}
	ws := plainWords(f.blank[from:to])
	named := false
	for _, w := range ws {
		named = named || probeTools[w] != "" || w == "probe" || w == "probes"
	}
	if !named || !saysProbeFailed(ws) {
		return nil, false
	}
	scope, silent := map[int32]bool{}, map[string]bool{}
	for id, r := range ix.recs {
		if r.probe == "" {
			continue
		}
		s, ok := silent[r.probe]
		if !ok {
			s = ix.probeSilent(r.probe)
			silent[r.probe] = s
		}
		if s {
			scope[int32(id)] = true
		}
	}
	return scope, len(scope) > 0
}

// saysProbeFailed reports whether a causal clause's words say a probe
// failed: "failed", "fails", a negated word of probeFailWords ("didn't
// work", "no output") or an access failure (reportsFailure). A negated
// error says the opposite: "the probe returned no errors".
func saysProbeFailed(ws []string) bool {
	if reportsFailure(ws) {
		return true
	}
	for i, w := range ws {
		negated := i > 0 && (negations[ws[i-1]] || ws[i-1] == "t") && !errorWords[w]
		if probeFailWords[w] && (negated || w == "failed" || w == "fails") {
			return true
		}
	}
	return false
}

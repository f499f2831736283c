package supervisor

import (
	"path"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A result said of a running process ("clamscan found infected files in
// /home (it runs with --infected)", "the backup job finished") is read
// from nowhere when ps is all the evidence has of it: a ps row shows what a
// process was started with, not what it found, finished or failed at. So a
// result verb right after a name that ps runs must have a record other
// than ps's and ss's rows (a journal line, a unit's state) naming the process.

var (
	resultVerbs = lexicon.NewSet(`found detected discovered finished completed failed flagged quarantined removed deleted identified`)
	// resultAux may stand between the name and the verb: "has found";
	// so may a PID.
	resultAux = lexicon.NewSet(`has have had already just successfully`)
	// resultHedges make the result a question, a possibility or a denial.
	resultHedges = lexicon.NewSet(`if whether may might could would not no nothing never hasn haven didn cannot can`)
)

// psNames returns the base names of the commands ps runs.
func (ix *index) psNames() map[string]bool {
	if ix.psProgs != nil {
		return ix.psProgs
	}
	names := map[string]bool{}
	for _, r := range ix.recs {
		if !liveProbes[r.probe] || r.probe == "listening_ports" {
			continue
		}
		if fs := strings.Fields(psCommand(r.text)); len(fs) > 0 && !strings.HasPrefix(fs[0], "[") {
			names[path.Base(fs[0])] = true
		}
	}
	ix.psProgs = names
	return names
}

// namedBeyondPs reports a record other than ps's or ss's (which show a
// socket, no result either) that names the process.
func (ix *index) namedBeyondPs(name string) bool {
	for _, r := range ix.recs {
		if !liveProbes[r.probe] && strings.Contains(r.text, name) {
			return true
		}
	}
	return false
}

// checkResults reports a result said of a process ps alone shows.
func checkResults(ix *index, g *Grounding, ws []string) {
	if anyOf(ws, resultHedges) {
		return
	}
	for i, w := range ws {
		if !resultVerbs[w] {
			continue
		}
		k := i - 1
		for k >= 0 && (resultAux[ws[k]] || ws[k] == "pid" || allDigits(ws[k])) { // "clamscan (PID 22241) has found"
			k--
		}
		if k < 0 {
			continue
		}
		if name := ws[k]; ix.psNames()[name] && !ix.namedBeyondPs(name) {
			g.Missing = append(g.Missing, name+" "+w)
		}
	}
}

package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "The process list shows 16 processes": a count of processes said of a
// process probe's list is the number of its rows, which no line prints.
// Where no note says the probe cut its list ("listed the 50 processes
// that use the most, of 73"; see totals.go), the list is every process,
// and a count of all of them is its rows too. A count of some of the rows
// ("16 processes using over 1%") is not their number.

// listMarks in a count's clause say it counts a list's rows.
var listMarks = lexicon.NewSet(`list listed lists listing shown shows show displayed table output`)

// rowQualifiers after "N processes" pick some of the rows.
var rowQualifiers = lexicon.NewSet(`using use uses used over above under below more less than owned belonging
	from as named called idle sleeping zombie zombies kernel at each are is were was have has`)

// listedRows reports whether a count of processes, said of a list or of
// every process of an uncut list, is the number of rows of a process
// listing.
func (ix *index) listedRows(answer string, c claim) bool {
	if c.noun != "proces" || len(c.ivs) == 0 {
		return false
	}
	head, tail, ok := countClause(answer, c)
	if !ok || len(tail) == 0 || !isProcessNoun(tail[0]) {
		return false
	}
	rest := tail[1:]
	if slices.ContainsFunc(rest, func(w string) bool { return rowQualifiers[w] || strings.ContainsAny(w, "0123456789") }) {
		return false
	}
	listed := slices.ContainsFunc(head, isListMark) || slices.ContainsFunc(rest, isListMark)
	if !listed && !(countsAllProcesses(answer, c) && !listedRe.MatchString(ix.text)) {
		return false
	}
	// A probe's rows may come twice, as ps prints them and as typed
	// fields: its processes are its distinct PIDs.
	pids := map[string]map[float64]bool{}
	for _, r := range ix.recs {
		if !isPSRow(r) {
			continue
		}
		for _, v := range r.values {
			if v.kind == kindCount && v.col == "pid" {
				if pids[r.probe] == nil {
					pids[r.probe] = map[float64]bool{}
				}
				pids[r.probe][v.iv.lo] = true
				break
			}
		}
	}
	for _, set := range pids {
		n := len(set)
		if c.ivs[0].overlaps(interval{float64(n) - 0.5, float64(n) + 0.5}) {
			return true
		}
	}
	return false
}

func isListMark(w string) bool { return listMarks[w] }

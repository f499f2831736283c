package supervisor

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "The process list shows 16 processes": a count of processes said of a
// process probe's list is the number of its rows, which no line prints.
// Where no note says the probe cut its list ("listed the 50 processes
// that use the most, of 73"; see totals.go), the list is every process,
// and a count of all of them is its rows too. A count of some of the rows
// ("16 processes using over 1%") is not their number.

// listedRowsRe reads how many rows the process probes' note says they
// listed.
var listedRowsRe = regexp.MustCompile(`listed the (\d{1,9}) processes that use the most`)

// listMarks in a count's clause say it counts a list's rows.
var listMarks = lexicon.NewSet(`list listed lists listing shown shows show displayed table output`)

// rowQualifiers after "N processes" pick some of the rows.
var rowQualifiers = lexicon.NewSet(`using use uses used over above under below more less than owned belonging
	from as named called idle sleeping zombie zombies kernel at each are is were was have has`)

// listedRows reports, for a count of processes said of a list or of
// every process of an uncut list, whether it is the number of rows of a
// process listing; ok is false for other counts and where no listing
// has rows. A count whose clause goes on past its noun ("5 processes
// with …", "which …") may pick some of the rows, so only its match is
// told.
func (ix *index) listedRows(answer string, c claim) (match, ok bool) {
	if c.noun != "proces" || len(c.ivs) == 0 {
		return false, false
	}
	head, tail, ok := countClause(answer, c)
	if !ok || len(tail) == 0 || !isProcessNoun(tail[0]) {
		return false, false
	}
	rest := tail[1:]
	if slices.ContainsFunc(rest, func(w string) bool { return rowQualifiers[w] || strings.ContainsAny(w, "0123456789") }) {
		return false, false
	}
	listed := slices.ContainsFunc(head, isListMark) || slices.ContainsFunc(rest, isListMark)
	if !listed && !(countsAllProcesses(answer, c) && !listedRe.MatchString(ix.text)) {
		return false, false
	}
	// "88 processes in total" said of a cut list is its note's total,
	// which processTotal reads.
	whole := !clauseGoesOn(answer, c, len(tail)) && !slices.ContainsFunc(rest, func(w string) bool { return totalMarks[w] || w == "all" })
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
			return true, true
		}
	}
	// The evidence may show fewer rows than the probe listed; its note
	// says how many it listed.
	for _, m := range listedRowsRe.FindAllStringSubmatch(ix.text, maxTotals) {
		if n, err := strconv.Atoi(m[1]); err == nil && c.ivs[0].overlaps(interval{float64(n) - 0.5, float64(n) + 0.5}) {
			return true, true
		}
	}
	return false, whole && len(pids) > 0
}

// clauseGoesOn reports whether the words after a count, up to the next
// mark of punctuation, are more than the n its clause kept (countClause
// cuts at "with", "which", "and").
func clauseGoesOn(answer string, c claim, n int) bool {
	rest := answer[min(c.off, len(answer)):]
	if k := strings.IndexAny(rest, ",;()\n:"); k >= 0 {
		rest = rest[:k]
	}
	if k := strings.Index(rest, ". "); k >= 0 {
		rest = rest[:k]
	}
	return len(splitWords(strings.ToLower(rest))) > n+1
}

func isListMark(w string) bool { return listMarks[w] }

package supervisor

import (
	"slices"
	"strings"
)

// "smartd reported 8 pending sectors at 21:23:40, the kernel hit an I/O
// error on sdc sector 1953520 at 21:37:01": after a comma, a part that
// opens with a journal identifier of its own ("the kernel hit …") tells
// that identifier's event, so its time is when that identifier logged,
// not when the log verb's subject before the comma did. A log verb only
// in a later part ("… at 18:36:01, smartd reported …") is that part's,
// and so are the entities of a part with a log verb of its own.

// clockSubject returns the journal identifier said to have logged the
// time at off in clause [from, to): the subject of the log verb of its
// comma part; else the identifier opening that part when it is not the
// clause's first; else the subject of a log verb in the parts before it;
// else "". It also returns the range whose entities the time's line must
// name: [from, to) less the parts before and after the time's that have
// a log verb of their own.
func clockSubject(ix *index, ids []int32, answer string, from, to, off int) (string, int, int) {
	start, end := from, to
	if i := strings.LastIndex(answer[from:off], ", "); i >= 0 {
		start = from + i + 2
	}
	if j := strings.Index(answer[off:to], ", "); j >= 0 {
		end = off + j
	}
	nfrom, nto := from, to
	if logVerbRe.MatchString(asciiLower(answer[from:start])) {
		nfrom = start
	}
	if logVerbRe.MatchString(asciiLower(answer[end:to])) {
		nto = end
	}
	part := asciiLower(answer[start:end])
	if logVerbRe.MatchString(part) {
		return logSubject(ix, ids, answer[start:end]), nfrom, nto
	}
	if start > from {
		toks := subjectTokenRe.FindAllString(part, 3)
		for len(toks) > 0 && (toks[0] == "the" || toks[0] == "then" || toks[0] == "and") {
			toks = toks[1:]
		}
		if len(toks) > 0 {
			w := strings.TrimRight(toks[0], ".-")
			if slices.ContainsFunc(ids, func(id int32) bool { return journalIdent(ix.recs[id].text) == w }) {
				return w, nfrom, nto
			}
		}
	}
	return logSubject(ix, ids, answer[from:start]), nfrom, nto
}

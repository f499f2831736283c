package supervisor

import (
	"slices"
	"strings"
)

// "smartd reported 8 pending sectors at 21:23:40, the kernel hit an I/O
// error on sdc sector 1953520 at 21:37:01": after a comma, a part that
// opens with a journal identifier of its own ("the kernel hit …") tells
// that identifier's event, so its time is when that identifier logged,
// not when the log verb's subject before the comma did.

// commaSubject returns the journal identifier that opens the comma part
// of clause [from, to) holding off, when that part has no log verb of its
// own and is not the clause's first part; else "".
func commaSubject(ix *index, ids []int32, answer string, from, to, off int) string {
	i := strings.LastIndex(answer[from:off], ", ")
	if i < 0 {
		return ""
	}
	start := from + i + 2
	end := to
	if j := strings.Index(answer[off:to], ", "); j >= 0 {
		end = off + j
	}
	part := asciiLower(answer[start:end])
	if logVerbRe.MatchString(part) {
		return ""
	}
	toks := subjectTokenRe.FindAllString(part, 3)
	for len(toks) > 0 && (toks[0] == "the" || toks[0] == "then" || toks[0] == "and") {
		toks = toks[1:]
	}
	if len(toks) == 0 {
		return ""
	}
	w := strings.TrimRight(toks[0], ".-")
	if slices.ContainsFunc(ids, func(id int32) bool { return journalIdent(ix.recs[id].text) == w }) {
		return w
	}
	return ""
}

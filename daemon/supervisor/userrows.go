package supervisor

import (
	"regexp"
	"strings"
)

// "22 of them run as user postgres", "17 processes are owned by root": a
// count of one user's processes is the number of a process list's rows
// whose USER column is that user (psusers.go), which no line prints; the
// same figure elsewhere in the evidence (a PID, a size) does not support
// it. Where the list is cut ("listed the 50 processes that use the most,
// of 73") a count above what it shows may be of rows it left out, and is
// not judged.

// userRowsRe reads, after a count, what makes it a count of one user's
// processes and the user.
var userRowsRe = regexp.MustCompile(`^\S+\s+(?:of\s+(?:them|these|those|the(?:se|m)?\s+(?:processes|procs|rows))\s+|(?:processes|procs|rows)\s+)` +
	`(?:(?:are\s+|is\s+)?(?:run|runs|running|executing)\s+as|(?:are\s+)?owned\s+by|belong(?:s|ing)?\s+to)\s+` +
	"(?:the\\s+)?(?:user\\s+)?[`'\"*]*([a-z_][a-z0-9_.-]*[a-z0-9_])")

// userRows reports, for a count of one user's processes, whether a
// process list has that many rows of the user; ok is false for other
// claims and where no list can tell.
func (ix *index) userRows(answer string, c claim) (match, ok bool) {
	if c.kind != kindCount || len(c.ivs) == 0 || c.off >= len(answer) {
		return false, false
	}
	m := userRowsRe.FindStringSubmatch(strings.ToLower(answer[c.off:]))
	if m == nil {
		return false, false
	}
	user := m[1]
	mine := map[string]map[float64]bool{} // per list: the user's PIDs
	for _, r := range ix.recs {
		if !isPSRow(r) {
			continue
		}
		for _, v := range r.values {
			if v.kind != kindCount || v.col != "pid" {
				continue
			}
			if mine[r.probe] == nil {
				mine[r.probe] = map[float64]bool{}
			}
			if r.nameOrUser(claim{key: user, user: true}) {
				mine[r.probe][v.iv.lo] = true
			}
			break
		}
	}
	if len(mine) == 0 {
		return false, false
	}
	cut, unknown := listedRe.MatchString(ix.text), false
	for _, set := range mine {
		n := float64(len(set))
		if c.ivs[0].overlaps(interval{n - 0.5, n + 0.5}) {
			return true, true
		}
		unknown = unknown || cut && c.ivs[0].lo > n
	}
	return false, !unknown
}

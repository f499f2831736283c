package supervisor

import "strings"

// "Three failed SSH logins in total, all from 203.0.113.77" counts every
// failed login the journal shows, and then says where they came from: the
// "all …" after it (allQualifier) narrows what each counted login holds,
// not which are counted. Read as the logins from 203.0.113.77 alone, the
// count would pass while two more came from elsewhere.

// loginTotalMarks right after a count of failed logins make it the whole's.
var loginTotalMarks = []string{"in total", "altogether", "overall", "in all"}

// loginTotalDenied reports a count of failed logins (n, of the item's own
// user and address, if any) said to be the total, right after the count
// (s[from:end] is the rest of its item), which the journal's failed logins
// do not number.
func (ix *index) loginTotalDenied(s string, from, end int, user, addr string, n int) bool {
	rest := strings.TrimLeft(s[from:min(end, len(s))], " ")
	total := false
	for _, m := range loginTotalMarks {
		total = total || strings.HasPrefix(rest, m)
	}
	if !total {
		return false
	}
	all, lines, ok := ix.failedLogins("", user, addr)
	return ok && all >= 0 && all != n && lines != n
}

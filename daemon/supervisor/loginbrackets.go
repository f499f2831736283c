package supervisor

import (
	"regexp"
	"strings"
)

// "203.0.113.45 failed 4 times (invalid users admin and oracle, and root
// twice)": a user counted inside a bracket of a failed-login item is a
// count of that user's failed logins from the item's address. Only a word
// the journal shows failing to log in is read as a user: "(restarted
// twice)" counts no login.

// bracketTimesRe reads "root twice", "root 2 times" in a bracket's text.
var bracketTimesRe = regexp.MustCompile(`\b([a-z_][\w.-]*)\s+(once|twice|thrice|` + countRe + `\s+times)\b`)

// loginCount is a failed-login count an answer gives: n logins of user
// (any when empty) from addr (any when empty) logged by ident (any when
// empty), the program the sentence says them of before the count
// (loginidents.go).
type loginCount struct {
	n                 int
	user, addr, ident string
}

// bracketLogins returns the counts of users inside the brackets of s, each
// with the address of the item the bracket closes.
func (ix *index) bracketLogins(s string) []loginCount {
	if !strings.Contains(s, "(") || !containsAnyOf(s, "twice", "thrice", "once", "times") {
		return nil
	}
	var out []loginCount
	for open := strings.IndexByte(s, '('); open >= 0; {
		shut := strings.IndexByte(s[open:], ')')
		if shut < 0 {
			break
		}
		inner := s[open+1 : open+shut]
		for _, m := range bracketTimesRe.FindAllStringSubmatchIndex(inner, -1) {
			user := inner[m[2]:m[3]]
			if have, _, _ := ix.failedLogins("", user, ""); have <= 0 || deniedCount(inner[:m[0]]) {
				continue
			}
			item := countItem(s, open, open)
			ident := ix.loginIdent(s, open, 0, user) // loginidents.go
			out = append(out, loginCount{timesOf(inner[m[4]:m[5]]), user, itemAddress(item, "("), ident})
		}
		next := strings.IndexByte(s[open+shut:], '(')
		if next < 0 {
			break
		}
		open += shut + next
	}
	return out
}

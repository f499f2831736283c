package supervisor

import (
	"regexp"
	"strings"
)

// "Grafana logged four failed logins: the admin user twice from
// 203.0.113.58, jsmith from 198.51.100.9 and viewer once from
// 192.0.2.77": an item of a sentence about logins that says how often
// ("once", "twice", "3 times") of a user or address the journal shows
// failing to log in is a count of that user's failed logins from that
// address, as "203.0.113.58 failed twice" is (journalitems.go). Only a
// user or address with a failed login makes the item one of logins: "the
// job ran twice from cron" counts none. "once" is a count only where a
// place, user or the item's end follows it ("once the ban expires" is a
// time).

var (
	itemTimesRe = regexp.MustCompile(`\b(once|twice|thrice|` + countRe + `\s+(?:separate\s+|different\s+)?times)\b`)
	// loginWordRe reads a word of logging in in a sentence.
	loginWordRe = regexp.MustCompile(`\b(?:log(?:in|on)s?|passwords?|authenticat\w*|sign-?ins?|ssh)\b`)
	// onceAfter are the words after which "once" is still a count.
	onceAfter = map[string]bool{"from": true, "for": true, "as": true, "at": true, "with": true, "on": true, "via": true, "and": true, "only": true, "each": true}
)

// listedLogins returns the counts of failed logins of s's items (see
// above), but for those failedTimesRe reads ("root failed twice").
func (ix *index) listedLogins(s string) []loginCount {
	if !containsAnyOf(s, "once", "twice", "thrice", "times") || !loginWordRe.MatchString(s) {
		return nil
	}
	var out []loginCount
	for _, m := range itemTimesRe.FindAllStringSubmatchIndex(s, -1) {
		rest := s[m[1]:]
		if comparedTimesRe.MatchString(rest) || strings.HasSuffix(strings.TrimSpace(s[:m[0]]), "failed") {
			continue
		}
		if s[m[2]:m[3]] == "once" {
			next, tail := plainWords(rest), strings.TrimSpace(rest)
			if len(next) > 0 && !onceAfter[next[0]] && !strings.ContainsAny(tail[:1], "[,.;:)") {
				continue
			}
		}
		start, end := itemSpan(s, m[0], m[1]) // journalcounts.go
		item, at := s[start:end], m[0]-start
		if deniedCount(item[:at]) {
			continue
		}
		addr, user := itemAddress(item, s[m[0]:m[1]]), ix.itemLoginUser(item, at)
		if addr == "" && user == "" {
			continue
		}
		if have, _, _ := ix.failedLogins("", user, ""); user != "" && have <= 0 {
			continue
		}
		if have, _, _ := ix.failedLogins("", "", addr); addr != "" && have <= 0 {
			continue
		}
		// The program is named before the list, not in the item
		// ("Grafana logged four failed logins: the admin user twice").
		ident := ix.loginIdent(s, m[0], m[1]-m[0], user) // loginidents.go
		out = append(out, loginCount{timesOf(s[m[2]:m[3]]), user, addr, ident})
	}
	return out
}

// itemLoginUser returns the user of an item whose count is at at: the
// word right before it when the journal shows that user failing to log
// in ("for invalid user ubuntu twice and for root once": ubuntu's two,
// not root's, whose count follows its name), else the one "for" or
// "user" names after it, else the nearest word before it the journal
// shows failing to log in.
func (ix *index) itemLoginUser(item string, at int) string {
	if before := plainWords(item[:at]); len(before) > 0 {
		if w := before[len(before)-1]; ix.loginUserWord(w) {
			return w
		}
	}
	if u := loginUserRe.FindStringSubmatch(item[at:]); u != nil && u[1] != "ssh" && !userNotNames[u[1]] {
		return u[1]
	}
	before := plainWords(item[:at])
	for i := len(before) - 1; i >= 0; i-- {
		w := before[i]
		if ix.loginUserWord(w) {
			return w
		}
	}
	return ""
}

// loginUserWord reports whether a word of an item is a user the journal
// shows failing to log in.
func (ix *index) loginUserWord(w string) bool {
	if userNotNames[w] || functionWords[w] || countOf(w) >= 0 || len(w) < 2 {
		return false
	}
	have, _, _ := ix.failedLogins("", w, "")
	return have > 0
}

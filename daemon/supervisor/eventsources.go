package supervisor

import (
	"regexp"
	"strings"
)

// An address given as the source of a kind of logged event ("Postfix
// rejected relay attempts from 198.51.100.25", "failed IMAP logins from
// 10.20.0.44") must be on one of the journal lines that event's words
// select (eventcounts.go): the address of an outgoing SMTP timeout is no
// source of relay rejections. Only words describing the event select it
// (not a bare "attempts" or "errors"); a sentence whose count of the
// event was judged has had its address judged with it.

var eventSourceRe = regexp.MustCompile(`((?:[\w/'’-]+\s+){0,3}?)\b(` + eventNouns + `)\s+(?:[a-z]+\s+){0,2}?from\s+(?:unknown\[)?(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})\b`)

// checkEventSources reports the first address of a sentence (s, lowered)
// that no line of its event holds, else the first that one does.
func checkEventSources(ix *index, g *Grounding, ids []int32, s string) {
	if !strings.Contains(s, "from") {
		return
	}
	found, what, judged := false, "", false
	for _, m := range eventSourceRe.FindAllStringSubmatchIndex(s, -1) {
		if deniedCount(s[:m[0]]) {
			continue
		}
		_, scores, best, _, _ := ix.eventScores(ids, s[:m[2]], s[m[2]:m[3]], s[m[4]:m[5]])
		if best < 2 {
			continue
		}
		addr, has := s[m[6]:m[7]], false
		for i, id := range ids {
			has = has || scores[i] == best && strings.Contains(ix.recs[id].text, addr)
		}
		if !judged || found && !has {
			found, what, judged = has, addr+" (source of "+strings.TrimSpace(s[m[2]:m[5]])+")", true
		}
	}
	if judged {
		report(g, found, what)
	}
}

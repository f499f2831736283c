package supervisor

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A count of logged events said as a noun ("Postfix rejected three relay
// attempts from 198.51.100.7", "two checkpoint warnings", "user alice —
// 1 attempt from 10.20.0.44") is checked against the journal's entries
// (each once) that its words select: the lines holding most of the verb
// before the count and the words of its noun phrase (an everyday event
// noun such as "attempts" or "warnings" weighs less than the words
// describing it), of the address and user its item names; said with a
// past verb, an address or user, a clock time or a word of the log, not
// of what may be ss's rows ("nginx has 3 connections"). Where those
// lines write a figure of the noun themselves ("3 attempts in 12 secs",
// "total events = 37") the count may also be one of those figures or
// their sum; else it is the number of lines. Words no line has select nothing; a
// count the other journal rules judge (journalcounts.go, countclaims.go)
// is theirs.

var (
	eventCountRe = regexp.MustCompile(`(?:^|[^\w.:/-])` + countRe + `\s+((?:[\w/'’-]+\s+){0,3}?)(` + eventNouns + `)\b`)
	// lightEvents name an event without describing it.
	lightEvents = lexicon.NewSet(`attempt attempts try tries retries retry error errors warning warnings event events message messages`)
	// countStops before or inside a count make it no count of events:
	// "the last 3 errors", "3 more warnings".
	countStops = lexicon.NewSet(`last first top latest previous next more fewer less other per each every same`)
	// countBreaks between a number and an event noun end the number's
	// phrase before the noun: "Jenkins returned 403 for that request"
	// is a status of one request, not 403 requests.
	countBreaks = lexicon.NewSet(`for that this these those of to in on at by with into`)
	// idLeads name the number after them.
	idLeads = lexicon.NewSet(`pid pids uid gid`)
	// kindsRe reads a count of several kinds of event ("5 warnings or
	// errors"): of entries, which entryCount judges where it can.
	kindsRe     = regexp.MustCompile(`^\s*(?:or|and|/|,)\s*(?:` + eventNouns + `)\b`)
	nextEventRe = regexp.MustCompile(`^\s+(` + eventNouns + `)\b`)
	userNameRe  = regexp.MustCompile(`(?:^|[^\w-])(?:(?:for\s+)?users?|for|account)\s+["'“]?([a-z_][\w.-]*)`)
	// eventNounRe reads an event noun: "for user attempts" names no user.
	eventNounRe = regexp.MustCompile(`^(?:` + eventNouns + `)$`)
)

const eventNouns = `attempts?|tries|retry|retries|rejections?|denials?|errors?|warnings?|timeouts?|queries|query|requests?|connections?` +
	`|crashes|crash|segfaults?|restarts?|logins?|events?|messages?|bounces?|resets?`

// eventNounWords are eventNouns without their plural "s?": a sentence that
// holds none names no event.
var eventNounWords = strings.Split(strings.ReplaceAll(eventNouns, "s?", ""), "|")

// checkEventCounts reports the counts of logged events of a sentence
// (raw, with quotes): the first wrong one, else the first.
func checkEventCounts(ix *index, g *Grounding, raw string) {
	s := strings.ToLower(strings.ReplaceAll(raw, "**", ""))
	if !strings.ContainsAny(s, "0123456789") && !containsAnyOf(s, "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "single", " from ") {
		return
	}
	if failedLoginRe.MatchString(s) || ix.rejectedLogins(s) != nil {
		return // countclaims.go
	}
	if _, _, ok := journalCount(ix, raw); ok {
		return
	}
	ids, ok, unread := ix.journalEntries()
	if !ok || unread {
		return
	}
	if !containsAnyOf(s, eventNounWords...) {
		checkLineFigures(ix, g, ids, s) // linefigures.go
		return
	}
	found, what, judged := false, "", false
	for _, m := range eventCountRe.FindAllStringSubmatchIndex(s, -1) {
		n := countOf(s[m[2]:m[3]])
		if n < 0 || deniedCount(s[:m[2]]) || stopped(s[:m[2]], s[m[4]:m[5]]) || kindsRe.MatchString(s[m[7]:]) {
			continue
		}
		for {
			// "4 failed IMAP login attempts": the last noun is the head.
			x := nextEventRe.FindStringSubmatchIndex(s[m[7]:])
			if x == nil {
				break
			}
			m[5], m[6], m[7] = m[7], m[7]+x[2], m[7]+x[3]
			m[1] = m[7]
		}
		have, ok := ix.eventCount(ids, s, m)
		if !ok {
			continue
		}
		good := false
		for _, h := range have {
			good = good || h == n
		}
		if !judged || found && !good {
			found, what, judged = good, strings.TrimSpace(s[m[2]:m[1]])+" (logged: "+intsText(have)+")", true
		}
	}
	if judged {
		report(g, found, what)
		return
	}
	checkEventSources(ix, g, ids, s) // eventsources.go
	checkLineFigures(ix, g, ids, s)  // linefigures.go
}

// stopped reports a count a rank or comparison word makes no count of
// events ("the last 3 errors", "3 more warnings"), or a number that an
// identifier's word makes no count at all: "nginx worker PID 762 got
// Connection refused" names process 762, not 762 connections.
func stopped(head, between string) bool {
	hw := plainWords(head)
	if len(hw) > 0 && (countStops[hw[len(hw)-1]] || idLeads[hw[len(hw)-1]]) {
		return true
	}
	for _, w := range plainWords(between) {
		if countStops[w] || countBreaks[w] {
			return true
		}
	}
	return false
}

// eventCount returns the counts a count's lines support (the number of
// lines, or the figures they write of its noun and their sum); ok is
// false when its words select no line.
func (ix *index) eventCount(ids []int32, s string, m []int) (have []int, ok bool) {
	head := s[m[6]:m[7]]
	msgs, scores, best, verb, unheld := ix.eventScores(ids, s[:m[2]], s[m[4]:m[5]], head)
	// A describing word no line holds ("3 failed Samba logins" where the
	// lines say "smbd" and "Authentication … FAILED") leaves what is
	// counted unknown: the lines the other words select may be others.
	if unheld {
		return nil, false
	}
	item := countItem(s, m[2], m[1])
	addr, user := itemAddress(item, s[m[2]:m[3]]), ""
	if u := userNameRe.FindStringSubmatch(item); u != nil && userName(u[1]) {
		user = u[1]
	} else if us := userNameRe.FindAllStringSubmatch(s, -1); addr == "" && len(us) == 1 && userName(us[0][1]) {
		user = us[0][1] // "user bob — 3 attempts at 20:41:06"
	}
	// A count only an everyday event noun selects is of the journal's
	// priorities ("5 warnings or errors") unless an address or user
	// narrows it to one peer's events ("3 attempts from 10.20.0.44").
	if best == 0 || best == 1 && addr == "" && user == "" {
		return nil, false
	}
	// Only a count of what was logged: said with a past verb, an address
	// or user, a clock time or a word of the log; "nginx has 3
	// connections" may count ss's rows.
	if !verb && addr == "" && user == "" && !clockRe.MatchString(s) && !containsAnyOf(s, "log", "journal", "entr") {
		return nil, false
	}
	stem := eventStem(head)
	lines, sum := 0, 0
	var figures []int
	for i, id := range ids {
		t := ix.recs[id].text
		if scores[i] < best || addr != "" && !strings.Contains(t, addr) || user != "" && !containsBounded(t, user, false) {
			continue
		}
		lines++
		for _, v := range eventFigures(msgs[i], stem) { // eventfigures.go
			figures = append(figures, v)
			sum += v
		}
	}
	if len(figures) > 0 {
		// "two CPU throttling events" counts the lines that write
		// "total events = 37" and "= 41".
		return append(figures, sum, lines), true
	}
	return []int{lines}, true
}

// eventStem returns the start of a word that its other forms share
// ("reje" of "rejections", "rejected" and "reject:", "quer" of "queries"
// and "query", "deni" of "denials" and "denied"): its base without an
// inflection, less its last two letters, at least four.
func eventStem(w string) string {
	for _, suf := range []string{"ions", "ion", "ings", "ing", "ies", "ed", "es", "s"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 4 {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	return w[:min(len(w), max(4, len(w)-2))]
}

// journalMessage returns a journal line's identifier and message, past
// its clock and host ("mail-01"), whose words describe no event: "sudo"
// of "3 failed sudo password attempts" selects sudo's line.
func journalMessage(t string) string {
	ident, msg := journalParts(t)
	return ident + msg
}

func intsText(ns []int) string {
	var b strings.Builder
	for i, n := range ns {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// eventScores scores each journal entry of ids by the words of an event
// that it holds: the past verb ending before, the text before the count
// ("rejected"), the words of phrase, and the event noun (a light one
// weighs 1, the others 2); it returns the entries' messages, their
// scores, the best and whether before ends in a past verb, and unheld
// when a word of the noun phrase is on no line.
func (ix *index) eventScores(ids []int32, before, phrase, noun string) (msgs []string, scores []int, best int, verb, unheld bool) {
	type word struct {
		stem     string
		weight   int
		describe bool // of the noun phrase, not the reporting verb
	}
	var words []word
	add := func(w string, weight int, describe bool) {
		if len(w) < 3 || functionWords[w] || genericWords[w] || negations[w] || countOf(w) >= 0 {
			return
		}
		words = append(words, word{eventStem(w), weight, describe})
	}
	if hw := plainWords(before); len(hw) > 0 && strings.HasSuffix(hw[len(hw)-1], "ed") {
		add(hw[len(hw)-1], 2, false) // "rejected three relay attempts"
		verb = true
	}
	for _, w := range plainWords(phrase) {
		add(w, 2, true)
	}
	if lightEvents[noun] {
		add(noun, 1, true)
	} else {
		add(noun, 2, true)
	}
	msgs, scores = make([]string, len(ids)), make([]int, len(ids))
	held := make([]bool, len(words))
	for i, id := range ids {
		msgs[i] = journalMessage(ix.recs[id].text)
		for j, w := range words {
			if wordStart(msgs[i], w.stem) {
				scores[i] += w.weight
				held[j] = true
			}
		}
		best = max(best, scores[i])
	}
	for j, w := range words {
		unheld = unheld || w.weight > 1 && w.describe && !held[j]
	}
	return msgs, scores, best, verb, unheld
}

// userName reports a word userNameRe read that may name a user: not a
// function word or an event noun ("user attempts").
func userName(w string) bool {
	return !functionWords[w] && !eventNounRe.MatchString(w)
}

package supervisor

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A count of a logged message said as "<entity> reported <phrase> N
// times" ("cupsd reported the printer HP_LaserJet_M404 as not responding
// four times between 20:33:28 and 20:33:48", "postgres warned twice that
// checkpoints were occurring too frequently") is checked like the other
// journal counts (journalcounts.go): the entries of that entity (its
// identifier, else lines naming it) holding every word of the phrase that
// any of them holds, within the range of times the sentence gives, if any.
// A phrase with no such word ("cupsd logged it four times") counts only
// with a range: what "it" is, the sentence before says. A count followed by
// the times of its reports ("twice, at 19:05:10 and 20:14:47") counts
// events, which may span several lines each: its times are judged instead.

var (
	// loggedTimesRe reads a report verb, the phrase after it and its
	// count: "once" only where nothing goes on its clause ("once the
	// printer came back" is a time, not a count).
	loggedTimesRe = regexp.MustCompile(`\b(reported|logged|warned|said|complained|printed|wrote|recorded|repeated|reports|logs|warns|says|complains)\b(.{0,160}?)` +
		`\b(twice|thrice|once(?:\s*(?:[,.;:)]|$)|\s+(?:at|between|from|in|during|today)\b)|(?:` + countRe[1:len(countRe)-1] + `)\s+(?:separate\s+|different\s+)?times)`)
	// comparedTimesRe reads a factor, not a count: "three times as many",
	// "twice more".
	comparedTimesRe = regexp.MustCompile(`^\s+(?:as|more|less|fewer|the|faster|slower|higher|lower|larger|bigger|smaller|over)\b`)
	// thatPhraseRe reads a phrase after its count: "warned twice that
	// checkpoints …", "logged three times: …".
	thatPhraseRe = regexp.MustCompile(`^\s*(?:that|about|of|:)\s+([^,;]*)`)
	// listedTimesRe reads the times of each report after the count
	// ("twice, at 19:05:10 and 20:14:47"): the count is of those events,
	// each of which may span lines (the OOM kill's several), and each
	// time is checked as a log time (loggedclocks.go).
	listedTimesRe = regexp.MustCompile(`^\s*[,:(]?\s*(?:at|on)?\s*\d{1,2}:\d\d`)
	clockRangeRe  = regexp.MustCompile(`\b(?:between|from)\s+(\d{1,2}:\d\d(?::\d\d)?)\s+(?:and|to|until|till|through|-|–)\s+(\d{1,2}:\d\d(?::\d\d)?)\b`)
	// subjectTokenRe cuts the words before a verb into the names an
	// entity can have ("fwupd-refresh.service", "hp_laserjet_m404").
	subjectTokenRe = regexp.MustCompile(`[a-z0-9][a-z0-9_.@-]*`)
)

// loggedTimes checks "<entity> reported <phrase> N times": the first wrong
// count of the sentence, else the first.
func loggedTimes(ix *index, ids []int32, s string) (found bool, what string, ok bool) {
	for _, m := range loggedTimesRe.FindAllStringSubmatchIndex(s, -1) {
		if comparedTimesRe.MatchString(s[m[1]:]) || listedTimesRe.MatchString(s[m[1]:]) || deniedCount(s[:m[2]]) {
			continue
		}
		subject, lines := ix.loggedSubject(ids, s[:m[2]])
		if subject == "" {
			continue
		}
		lines = inClockRange(ix, lines, s)
		ranged := len(lines) > 0 && clockRangeRe.MatchString(s)
		phrase := s[m[4]:m[5]]
		if t := thatPhraseRe.FindStringSubmatch(s[m[1]:]); t != nil && len(plainWords(phrase)) == 0 {
			phrase = t[1] // "postgres warned twice that checkpoints …"
		}
		words := phraseWords(ix, lines, phrase, subject)
		if len(words) == 0 && !ranged {
			continue
		}
		n := 0
		for _, id := range lines {
			if !slices.ContainsFunc(words, func(w string) bool { return !wordStart(ix.recs[id].text, w) }) {
				n++
			}
		}
		want := timesOf(strings.TrimSpace(strings.TrimRight(s[m[6]:m[7]], ",.;:)")))
		if want < 0 {
			continue
		}
		if !ok || found && n != want {
			found, what, ok = n == want, strconv.Itoa(want)+" "+subject+" reports", true
		}
	}
	return found, what, ok
}

// loggedSubject returns the entity a report verb is said of (the nearest
// name before it in its clause that is a journal identifier or that
// journal lines name) and its entries; "" when it has none.
func (ix *index) loggedSubject(ids []int32, head string) (string, []int32) {
	for _, b := range []string{"; ", ", and ", ", but ", " — ", ": ", ", while ", ", then "} {
		if i := strings.LastIndex(head, b); i >= 0 {
			head = head[i+len(b):]
		}
	}
	toks := subjectTokenRe.FindAllString(head, -1)
	for i := len(toks) - 1; i >= 0; i-- {
		w := strings.TrimRight(toks[i], ".-")
		if len(w) < 3 || functionWords[w] || genericWords[w] {
			continue
		}
		var lines []int32
		for _, id := range ids {
			t := ix.recs[id].text
			if journalIdent(t) == w || containsBounded(t, w, false) {
				lines = append(lines, id)
			}
		}
		if len(lines) > 0 && (ix.entities[w] != classNone || slices.ContainsFunc(lines, func(id int32) bool { return journalIdent(ix.recs[id].text) == w })) {
			return w, lines
		}
	}
	return "", nil
}

// journalIdent returns a journal line's identifier ("cupsd" of
// "… ws-07 cupsd[880]: …"), or "".
func journalIdent(t string) string {
	ident, _ := journalParts(t)
	return ident
}

// journalParts splits a journal line ("nov 24 18:35:59 ws-07
// cupsd[880]: msg") into its identifier ("cupsd") and its message past
// the label (" msg"); a line without a label is all message.
func journalParts(t string) (ident, msg string) {
	f := strings.Fields(t)
	if len(f) <= 4 || !strings.HasSuffix(f[4], ":") {
		return "", t
	}
	i := strings.Index(t, f[4])
	ident, _ = labelParts(f[4])
	return ident, t[i+len(f[4]):]
}

// journalLabel returns the identifier and PID of a journal line's label
// ("cupsd" and "880" of "… ws-07 cupsd[880]: …"): pid is "" for a label
// without one, both are "" for a line without a label.
func journalLabel(t string) (ident, pid string) {
	f := strings.Fields(t)
	if len(f) <= 4 || !strings.HasSuffix(f[4], ":") {
		return "", ""
	}
	return labelParts(f[4])
}

// labelParts splits a label ("cupsd[880]:") into its identifier and PID.
func labelParts(label string) (ident, pid string) {
	name, _, _ := strings.Cut(label, "[")
	if j := strings.LastIndexByte(label, '['); j >= 0 && strings.HasSuffix(label, "]:") {
		pid = label[j+1 : len(label)-2]
	}
	return strings.TrimRight(name, ":"), pid
}

// inClockRange returns the lines within the sentence's range of times
// ("between 20:33:28 and 20:33:48"), or all of them when it gives none.
func inClockRange(ix *index, lines []int32, s string) []int32 {
	m := clockRangeRe.FindStringSubmatch(s)
	if m == nil {
		return lines
	}
	from, _, ok1 := clockSpan(m[1])
	_, to, ok2 := clockSpan(m[2])
	if !ok1 || !ok2 {
		return lines
	}
	var out []int32
	for _, id := range lines {
		if at, ok := recordClock(ix.recs[id].text); ok && at >= from && at <= to {
			out = append(out, id)
		}
	}
	return out
}

// phraseWords returns the words of a reported phrase that select lines:
// content words (not the subject's own name) that some line of lines has.
func phraseWords(ix *index, lines []int32, phrase, subject string) []string {
	var out []string
	for _, w := range plainWords(phrase) {
		if len(w) < 3 || functionWords[w] || genericWords[w] || negations[w] || countOf(w) >= 0 || w == subject || strings.Contains(subject, w) {
			continue
		}
		for _, v := range []string{w, strings.TrimSuffix(w, "s")} { // "passwords": "Failed password"
			if len(v) >= 3 && slices.ContainsFunc(lines, func(id int32) bool { return wordStart(ix.recs[id].text, v) }) {
				out = append(out, v)
				break
			}
		}
	}
	return out
}

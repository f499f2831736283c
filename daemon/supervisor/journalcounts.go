package supervisor

import (
	"regexp"
	"strconv"
	"strings"
)

// Counts of journal events are checked against the journal's entries,
// each counted once: a probe that prints its lines and also gives them as
// typed data ("message …" lines) shows every entry twice.
//
//   - "6 failed passwords, 4 of them from 203.0.113.45": a count of failed
//     logins is of the user and address of its own item (countclaims.go),
//     not of one a later item names;
//   - "203.0.113.45 failed 4 times", "4 failures from 203.0.113.45": failed
//     logins of the item's address or user;
//   - "The journal has 5 entries", "7 sshd lines": all entries, or one
//     identifier's (an item with other words selects what this cannot tell;
//     this and the one above: journalitems.go);
//   - `6 "Failed password" lines`: a count of the lines holding a quoted
//     phrase must be the number of entries holding it;
//   - "cupsd reported … four times": the entity's entries holding the
//     phrase's words (journaltimes.go);
//   - "two OOM kills", "just one OOM kill", "killed by the OOM killer three
//     times": the kernel's "Killed process" lines (else systemd's
//     "oom-kill" results), of the process or unit the count's item names
//     (none for one the journal does not show killed). A bare "one OOM
//     kill" may begin a list ("one at 19:05 and another …"); only "just",
//     "only", "exactly" or "a single" make it the whole count; "the only
//     OOM kill" is one, "no OOM kills" none (not "since …": a time may
//     bound it).

var (
	quotedLinesRe = regexp.MustCompile(countRe + `\s+["'“‘` + "`" + `]([^"'”’` + "`" + `]{3,60})["'”’` + "`" + `]\s+(?:log\s+|journal\s+)?(?:lines?|entries|entry|messages?|events?)\b`)
	oomCountRe    = regexp.MustCompile(`(?:^|[^\w.])((?:just|only|exactly|a)\s+)?` + countRe +
		`\s+(?:(?:separate|distinct|different|logged|recorded)\s+)?(?:oom|out[- ]of[- ]memory)(?:[- ]killer)?[- ]?(?:kills?|events?|incidents?|killings?|invocations?|occurrences?)\b`)
	// oomNoneRe reads "no OOM kills" (a count of none) and oomOnlyRe "the
	// only OOM kill" (of one).
	oomNoneRe = regexp.MustCompile(`\bno\s+(?:oom|out[- ]of[- ]memory)(?:[- ]killer)?[- ]?(?:kills?|events?|incidents?|killings?|invocations?)\b`)
	oomOnlyRe = regexp.MustCompile(`\bthe\s+only\s+(?:oom|out[- ]of[- ]memory)[- ]?(?:kill|event|incident|killing)\b`)
	// oomSinceRe reads a time that bounds a count of none: "no OOM kills
	// since the restart" may hold though the journal shows earlier ones.
	oomSinceRe  = regexp.MustCompile(`\b(?:since|after|recently|anymore|now|currently|again|last|latest|new|further)\b`)
	oomPhraseRe = regexp.MustCompile(`\b(?:oom[- ]?killed|killed\s+by\s+(?:the\s+)?(?:kernel(?:'s)?\s+)?(?:oom|out[- ]of[- ]memory)(?:[- ]killer)?|hit\s+by\s+the\s+oom(?:[- ]killer)?` +
		`|oom[- ]killer\s+(?:has\s+|was\s+)?(?:ran|run|fired|struck|kicked\s+in|stepped\s+in|triggered|invoked))`)
	// oomTimesRe reads "once", "twice", "three times" after the kill, past
	// words of when or where only ("today", "in the log"): not a count of
	// another verb ("java was OOM-killed and nginx restarted twice").
	oomTimesRe = regexp.MustCompile(`^(?:\s+(?:today|already|so|far|in|this|the|log|journal|morning|afternoon|evening|night|past|last|hour|day|week|now|recently|since|boot))*` +
		`\s+(once|twice|thrice|(?:` + countAlternation + `)\s+(?:separate\s+|different\s+)?times)\b`)
	oomUnitRe   = regexp.MustCompile(`([\w@.-]+)\.(?:service|scope):`)
	oomKilledRe = regexp.MustCompile(`killed process (\d+) \(([^)]+)\)`)
)

// journalEntriesCache holds journalEntries' results, read once per index.
type journalEntriesCache struct {
	ids        []int32
	ok, unread bool
	// recovered holds recoveries, built on first use.
	recovered map[journalLabelKey]int32
}

// journalEntries returns the records of the journal's entries, each once:
// its printed lines, or where it printed none, its typed messages; ok is
// false without a journal probe, unread when it could not be read.
func (ix *index) journalEntries() (ids []int32, ok, unread bool) {
	if ix.journal == nil {
		c := &journalEntriesCache{}
		c.ids, c.ok, c.unread = ix.readJournalEntries()
		ix.journal = c
	}
	return ix.journal.ids, ix.journal.ok, ix.journal.unread
}

func (ix *index) readJournalEntries() (ids []int32, ok, unread bool) {
	var typed []int32
	for id, r := range ix.recs {
		if r.probe != "system_logs" {
			continue
		}
		ok = true
		switch _, clock := recordClock(r.text); {
		case strings.HasPrefix(r.text, "cannot read"):
			unread = true
		case strings.HasPrefix(r.text, "message "):
			// Before the clock: a typed message may hold one ("i915
			// 0000:00:02.0: …" reads as 00:00:02) and is no printed line.
			typed = append(typed, int32(id))
		case clock && !strings.HasPrefix(r.text, "time "):
			ids = append(ids, int32(id))
		}
	}
	if len(ids) == 0 {
		ids = typed
	}
	return ids, ok, unread
}

// checkJournalCounts reports the counts of journal events of a sentence
// (raw, with quotes): one line, the first of its quoted-line, OOM-kill,
// failed-login and entry counts, a wrong one first.
func checkJournalCounts(ix *index, g *Grounding, raw string) {
	if found, what, ok := journalCount(ix, raw); ok {
		report(g, found, what)
	}
}

// journalCount checks the journal count of a sentence (see
// checkJournalCounts); what starts with the count's figure.
func journalCount(ix *index, raw string) (found bool, what string, ok bool) {
	s := severityEntries(strings.ToLower(strings.ReplaceAll(raw, "**", "")))
	// The regexps have no literal prefix and are tried at every byte:
	// words they need come first.
	lines := containsAnyOf(s, "line", "entr", "messag", "event")
	times := containsAnyOf(s, "twice", "thrice", "once", "times")
	if !containsAnyOf(s, "oom", "out of memory", "out-of-memory", "fail") &&
		!(lines && (quotedLinesRe.MatchString(s) || journalEntriesRe.MatchString(s))) && !(times && (loggedTimesRe.MatchString(s) || repeatedTimesRe.MatchString(s))) {
		return false, "", false
	}
	ids, ok, unread := ix.journalEntries()
	if !ok {
		return false, "", false
	}
	for _, check := range []func(*index, []int32, string) (bool, string, bool){quotedLines, oomCount, loginTimes, entryCount, loggedTimes, repeatedTimes} {
		if found, what, ok := check(ix, ids, s); ok {
			return found && !unread, what, true
		}
	}
	return false, "", false
}

// quotedLines checks `6 "Failed password" lines` (of its item's address).
func quotedLines(ix *index, ids []int32, s string) (found bool, what string, ok bool) {
	m := quotedLinesRe.FindStringSubmatchIndex(s)
	if m == nil {
		return false, "", false
	}
	phrase, n := s[m[4]:m[5]], 0
	addr := itemAddress(countItem(s, m[0], m[1]), s[m[0]:m[1]])
	for _, id := range ids {
		if t := ix.recs[id].text; strings.Contains(t, phrase) && (addr == "" || strings.Contains(t, addr)) {
			n++
		}
	}
	return n == countOf(s[m[2]:m[3]]), s[m[2]:m[3]] + ` "` + phrase + `" lines`, true
}

// oomCount checks a count of OOM kills.
func oomCount(ix *index, ids []int32, s string) (found bool, what string, ok bool) {
	want, at, end := -1, -1, -1
	if m := oomCountRe.FindStringSubmatchIndex(s); m != nil && (s[m[4]:m[5]] != "one" || m[2] >= 0) {
		want, at, end = countOf(s[m[4]:m[5]]), m[4], m[1]
	} else if m := oomNoneRe.FindStringIndex(s); m != nil && !oomSinceRe.MatchString(countItem(s, m[0], m[1])) {
		want, at, end = 0, m[0], m[1]
	} else if m := oomOnlyRe.FindStringIndex(s); m != nil {
		want, at, end = 1, m[0], m[1]
	} else if m := oomPhraseRe.FindStringIndex(s); m != nil {
		if t := oomTimesRe.FindStringSubmatchIndex(s[m[1]:]); t != nil {
			want, at, end = timesOf(s[m[1]+t[2]:m[1]+t[3]]), m[0], m[1]+t[1]
		}
	}
	if want < 0 || deniedCount(s[:at]) {
		return false, "", false
	}
	// The kills counted are those of a process or unit the count's own
	// item names: not java's in "just one OOM kill, at 20:14:46, when java
	// … was killed".
	return ix.oomKills(ids, countItem(s, at, end)) == want, oomKillsText(want, "OOM kill"), true
}

// timesOf reads "once", "twice", "three times".
func timesOf(w string) int {
	switch w {
	case "once":
		return 1
	case "twice":
		return 2
	case "thrice":
		return 3
	}
	return countOf(strings.Fields(w)[0])
}

// deniedCount reports a denial in a sentence before its count ("never
// OOM-killed twice", "not three OOM kills"): not a count the answer gives.
func deniedCount(head string) bool {
	for _, w := range plainWords(head) {
		if negations[w] || strings.HasSuffix(w, "n't") || conditionals[w] {
			return true
		}
	}
	return false
}

func oomKillsText(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// oomKills counts the journal's OOM kills: the kernel's "Killed process"
// lines, else systemd's "oom-kill" results; of a process (by name or PID)
// or unit the item names when one of those lines names it.
func (ix *index) oomKills(ids []int32, item string) int {
	procs, units := map[string]int{}, map[string]int{}
	kernel, results := 0, 0
	for _, id := range ids {
		t := ix.recs[id].text
		if m := oomKilledRe.FindStringSubmatch(t); m != nil && (strings.Contains(t, "out of memory") || strings.Contains(t, "oom")) {
			kernel++
			procs[m[1]]++
			procs[m[2]]++
		}
		if m := oomUnitRe.FindStringSubmatch(t); m != nil && (strings.Contains(t, "oom-kill'") || strings.Contains(t, "killed by the oom killer")) {
			if strings.Contains(t, "oom-kill'") {
				results++
			}
			units[m[1]] = len(ix.unitLines(ids, m[1]))
		}
	}
	words := plainWords(item)
	for _, w := range words {
		if n, ok := procs[w]; ok {
			return n
		}
		if n, ok := units[strings.TrimSuffix(w, ".service")]; ok {
			return n
		}
	}
	for _, w := range words {
		if ix.namesProcess(w) {
			return 0 // "redis was OOM-killed twice": no line kills redis
		}
	}
	if kernel > 0 {
		return kernel
	}
	return results
}

// namesProcess reports whether a word names a process or unit of the
// evidence ("redis" of redis-server), other than those that log the kills.
func (ix *index) namesProcess(w string) bool {
	if w == "kernel" || w == "systemd" || len(w) < 3 {
		return false
	}
	for e, cl := range ix.entities {
		if (cl == classProcess || cl == classUnit) && (e == w || len(w) >= 4 && strings.HasPrefix(e, w+"-")) {
			return true
		}
	}
	return false
}

// unitLines returns the lines of a unit saying one of its processes was
// killed by the OOM killer, else those of its "oom-kill" results.
func (ix *index) unitLines(ids []int32, unit string) []string {
	var killed, results []string
	for _, id := range ids {
		t := ix.recs[id].text
		if !strings.Contains(t, unit+".service:") && !strings.Contains(t, unit+".scope:") {
			continue
		}
		if strings.Contains(t, "killed by the oom killer") {
			killed = append(killed, t)
		} else if strings.Contains(t, "oom-kill'") {
			results = append(results, t)
		}
	}
	if len(killed) > 0 {
		return killed
	}
	return results
}

// countItem returns the item of a sentence a count at [from, to) makes up:
// back to a comma or spaced dash, on to a comma, colon or spaced dash,
// outside brackets ("6 failed passwords, 4 of them from 203.0.113.45":
// the first item names no address).
func countItem(s string, from, to int) string {
	start, end := itemSpan(s, from, to)
	return s[start:end]
}

// itemSpan returns where countItem's item starts and ends in s.
func itemSpan(s string, from, to int) (start, end int) {
	depth := 0
	for i := from - 1; i >= 0 && start == 0; i-- {
		switch s[i] {
		case ')', ']':
			depth++
		case '(', '[':
			depth--
		default:
			if depth <= 0 && s[i] != ':' && itemSeparator(s, i) {
				start = i + 1
			}
		}
	}
	end = len(s)
	depth = 0
	for i := to; i < len(s) && end == len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		default:
			if depth <= 0 && itemSeparator(s, i) {
				end = i
			}
		}
	}
	return start, end
}

// containsAnyOf reports whether s holds one of words.
func containsAnyOf(s string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

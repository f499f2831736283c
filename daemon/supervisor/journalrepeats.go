package supervisor

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// "conntrack table full 3 times", "The nf_conntrack table filled up
// twice, at 03:52:08 and at 04:48:41", "kubelet logged ImagePullBackOff
// for log-shipper only 2 times, at …": a count of a repeated message,
// said without a report verb or with the times of its reports after it
// (which journaltimes.go leaves to the times, for an event such as an
// OOM kill spans several different lines). Where the words of its clause
// select lines that are all one message repeated (the same identifier
// and text once digits are set aside), each line is one occurrence and
// the count must be their number. Where the selected lines are of
// several messages, or write a counter of their own ("total events =
// 37"), what one occurrence is cannot be told from the lines and the
// count is left to the other rules.

var (
	// repeatedTimesRe reads the count: "once" only where nothing goes on
	// its clause ("once the link came back" is a time).
	repeatedTimesRe = regexp.MustCompile(`\b(twice|thrice|once(?:\s*(?:[,.;:)\]]|$)|\s+(?:at|between|from|in|during|today)\b)|(?:` +
		countAlternation + `)\s+(?:separate\s+|different\s+)?times)`)
	digitRunRe = regexp.MustCompile(`[0-9]+`)
	// lineCounterRe reads a line's own counter ("total events = 37"):
	// such a line may stand for many occurrences, which the figures it
	// writes count (eventcounts.go), not the lines.
	lineCounterRe = regexp.MustCompile(`[a-z_]\s*=\s*\d`)
)

// repeatBreaks end the clause a repeat count is of.
var repeatBreaks = []string{"; ", ": ", " — ", ", but ", ", while ", ", then ", ". "}

// repeatedTimes checks a count of a repeated message (see above): the
// first wrong count of the sentence, else the first.
func repeatedTimes(ix *index, ids []int32, s string) (found bool, what string, ok bool) {
	for _, m := range repeatedTimesRe.FindAllStringSubmatchIndex(s, -1) {
		if comparedTimesRe.MatchString(s[m[1]:]) || deniedCount(s[:m[2]]) {
			continue
		}
		head := s[:m[2]]
		for _, b := range repeatBreaks {
			if i := strings.LastIndex(head, b); i >= 0 {
				head = head[i+len(b):]
			}
		}
		lines := inClockRange(ix, ids, s)
		words := phraseWords(ix, lines, head, "")
		if len(words) < 2 {
			continue // one word ("kernel") selects too much to count
		}
		counted := mostWordsLines(ix, lines, words)
		if len(counted) == 0 || !oneMessage(ix, counted) || slices.ContainsFunc(counted, func(id int32) bool { return lineCounterRe.MatchString(ix.recs[id].text) }) {
			continue
		}
		want := timesOf(strings.TrimSpace(strings.TrimRight(s[m[2]:m[3]], ",.;:)]")))
		if want < 0 {
			continue
		}
		if !ok || found && len(counted) != want {
			found, what, ok = len(counted) == want, strconv.Itoa(want)+" times "+strings.Join(words, " "), true
		}
	}
	return found, what, ok
}

// oneMessage reports whether journal lines are one message repeated: the
// same identifier and text, digits (clocks, PIDs, counters) set aside.
func oneMessage(ix *index, ids []int32) bool {
	shape := ""
	for i, id := range ids {
		ident, msg := journalParts(ix.recs[id].text)
		sh := ident + "\x00" + digitRunRe.ReplaceAllString(msg, "0")
		if i > 0 && sh != shape {
			return false
		}
		shape = sh
	}
	return true
}

// mostWordsLines returns the lines that have the most of words: all of
// them where some line has all. An answer words a message in its own
// verbs ("failed to reach its webhook" for `Error: Post
// "http://…/webhook"`, a "database is locked error" logged as "[E] …
// database is locked"), and a word no line of the message has must not
// leave its repeats uncounted. Fewer than half the words, or two, select
// too loosely to tell which message is meant; and a line that writes a
// count of its own ("3 incorrect password attempts") is not one event,
// where the answer's words may be of that count rather than of lines.
func mostWordsLines(ix *index, lines []int32, words []string) []int32 {
	best := 0
	var out []int32
	for _, id := range lines {
		n := 0
		for _, w := range words {
			if wordStart(ix.recs[id].text, w) {
				n++
			}
		}
		switch {
		case n > best:
			best, out = n, append(out[:0], id)
		case n == best && n > 0:
			out = append(out, id)
		}
	}
	if best < len(words) && (best < 3 || 2*best <= len(words) || slices.ContainsFunc(out, func(id int32) bool {
		return eventCountRe.MatchString(strings.ToLower(ix.recs[id].text))
	})) {
		return nil
	}
	return out
}

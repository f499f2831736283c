package supervisor

import (
	"regexp"
	"strings"
)

// A user or address beside a clock time comes from that time's line; but a
// sentence may list several events, each with its own time: "4 from
// 203.0.113.45 between 18:45:02 and 18:45:20, deploy from 198.51.100.23
// at 18:50:00, and test from 192.0.2.77 at 20:10:00". So a value is tied
// to the nearest time of its own item (the text between the separators of
// its bracket level: ", ", ": ", a spaced dash), else to that of the item
// before when its own goes on it ("…, from 192.0.2.77"), else to the time
// of a sentence's opening item that names no value ("At 18:50:00, deploy
// …"), else to none. A time of a range ("between 18:45:02 and 18:45:20") is
// every journal line from one end to the other, and a start time
// ("started 20:14", "running since 20:14") is a process's, not an event's:
// it ties nothing ("java (started 20:14) listens on 0.0.0.0:8081").

// startTimeRe reads the words that make the time after them a start time.
var startTimeRe = regexp.MustCompile(`\b(?:started|start(?:\s+time)?|since|launched|began|booted|spawned)(?:\s+(?:at|on|is|of|was))?\s*:?\s*$`)

// rangeJoinRe reads what joins the two ends of a range of times.
var rangeJoinRe = regexp.MustCompile(`^\s*(?:and|to|until|till|through|-|–|—)\s*$`)

// timeRecords returns the records a dated claim must be in: those of the
// time it is tied to, or nil when it is tied to none the evidence has.
func (ix *index) timeRecords(answer string, claims []claim, c claim) []int32 {
	var times []claim
	for _, t := range claims {
		if t.sent == c.sent && t.kind == kindClock && !startTime(answer, t) && ix.has(t) {
			times = append(times, t)
		}
	}
	if len(times) == 0 {
		return nil
	}
	best, gap := -1, len(answer)
	for i, t := range times {
		if d := claimGap(t, c); d < gap && sameItem(answer, t, c) {
			best, gap = i, d
		}
	}
	if best < 0 {
		best = continuedTime(answer, times, c)
	}
	if best < 0 {
		best = openingTime(answer, claims, times, c)
	}
	if best < 0 {
		return nil
	}
	return ix.clockLines(answer, times, best)
}

// claimGap is the number of bytes between two claims.
func claimGap(a, b claim) int {
	if a.off > b.off {
		a, b = b, a
	}
	return max(0, b.off-(a.off+len(a.text)))
}

// startTime reports a time said as when a process started, or in a table
// column so headed ("| START |", "| Started |").
func startTime(answer string, t claim) bool {
	if h := tableHeader(answer, t.off); h != "" && startTimeRe.MatchString(h) {
		return true
	}
	head := strings.ToLower(answer[max(0, t.off-maxLabel):t.off])
	return startTimeRe.MatchString(strings.TrimRight(head, "( "))
}

// sameItem reports whether no separator stands between two claims at the
// outermost bracket level between them: "18:45 (admin, oracle, and root)"
// ties all three users to 18:45, "(started 20:14), and … 0.0.0.0:8081"
// does not tie the address to the time.
func sameItem(answer string, a, b claim) bool {
	if a.off > b.off {
		a, b = b, a
	}
	from, to := min(a.off+len(a.text), len(answer)), min(b.off, len(answer))
	if from >= to {
		return true
	}
	depth, low := 0, 0
	var seps []int // depth of each separator
	for i := from; i < to; i++ {
		switch answer[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			low = min(low, depth)
		default:
			if itemSeparator(answer, i) {
				seps = append(seps, depth)
			}
		}
	}
	for _, d := range seps {
		if d <= low {
			return false
		}
	}
	return true
}

// itemSeparator reports whether an item of a sentence ends at byte i: a
// comma or colon before a space, or a spaced dash.
func itemSeparator(answer string, i int) bool {
	spaced := i+1 < len(answer) && (answer[i+1] == ' ' || answer[i+1] == '\n')
	switch {
	case answer[i] == ',' || answer[i] == ':':
		return spaced
	case answer[i] == '-':
		return spaced && i > 0 && answer[i-1] == ' '
	case strings.HasPrefix(answer[i:], "—"), strings.HasPrefix(answer[i:], "–"):
		return i > 0 && answer[i-1] == ' '
	}
	return false
}

// itemContinuations open an item that goes on the one before it: "a failed
// password for deploy at 18:50:00, from 192.0.2.77".
var itemContinuations = map[string]bool{"from": true, "as": true, "for": true, "by": true, "via": true, "with": true, "using": true, "user": true}

// continuedTime returns the index in times of the nearest time of the
// item before c's when c's item opens with a continuation, or -1.
func continuedTime(answer string, times []claim, c claim) int {
	sep, depth := -1, 0
	for i := c.off - 1; i >= max(timeSentenceStart(answer, c.off), c.off-clauseWindow) && sep < 0; i-- {
		switch answer[i] {
		case ')', ']':
			depth++
		case '(', '[':
			depth--
		default:
			if depth <= 0 && itemSeparator(answer, i) {
				sep = i
			}
		}
	}
	if sep < 0 {
		return -1
	}
	if w := plainWords(answer[sep+1 : c.off]); len(w) == 0 || !itemContinuations[w[0]] {
		return -1
	}
	end := claim{off: sep}
	best := -1
	for i, t := range times {
		if t.off < sep && sameItem(answer, t, end) {
			best = i
		}
	}
	return best
}

// openingTime returns the index in times of the time of a sentence's
// opening item when that item names no value of its own ("At 18:50:00,
// deploy failed from 198.51.100.23"), or -1.
func openingTime(answer string, claims []claim, times []claim, c claim) int {
	t := times[0]
	start := timeSentenceStart(answer, t.off)
	for i := start; i < t.off; i++ {
		if itemSeparator(answer, i) {
			return -1
		}
	}
	for _, o := range claims {
		if o.sent == c.sent && dated(o) && sameItem(answer, t, o) {
			return -1 // "At 18:45 203.0.113.45 tried root, and …": its own value
		}
	}
	if sameItem(answer, t, c) {
		return -1
	}
	return 0
}

// timeSentenceStart returns where the sentence holding off starts: after the
// last newline, "; " or ". " before it.
func timeSentenceStart(answer string, off int) int {
	start := 0
	for _, sep := range []string{"\n", "; ", ". ", "! ", "? "} {
		if i := strings.LastIndex(answer[:off], sep); i >= 0 {
			start = max(start, i+len(sep))
		}
	}
	return start
}

// sentenceClocks returns the clock times of claims[k]'s sentence, in
// order, and where claims[k] is among them, as clockLines and clockItem
// take them: a time read with the other times of its sentence, so that
// "from 04:29 to 04:31" is one range.
func sentenceClocks(claims []claim, k int) (times []claim, at int) {
	at = -1
	for j, t := range claims {
		if t.sent == claims[k].sent && t.kind == kindClock {
			if j == k {
				at = len(times)
			}
			times = append(times, t)
		}
	}
	return times, at
}

// clockLines returns the records of times[k]: with the other end of a
// range it belongs to, the lines whose time lies between them.
func (ix *index) clockLines(answer string, times []claim, k int) []int32 {
	t := times[k]
	var out []int32
	for id, r := range ix.recs {
		if containsBounded(r.text, t.key, true) {
			out = append(out, int32(id))
		}
	}
	lo, hi := t, t
	if k+1 < len(times) && rangeJoinRe.MatchString(answer[min(t.off+len(t.text), times[k+1].off):times[k+1].off]) {
		hi = times[k+1]
	} else if k > 0 && rangeJoinRe.MatchString(answer[min(times[k-1].off+len(times[k-1].text), t.off):t.off]) {
		lo = times[k-1]
	}
	if lo.off == hi.off {
		return out
	}
	from, _, ok1 := clockSpan(lo.key)
	_, to, ok2 := clockSpan(hi.key)
	if !ok1 || !ok2 {
		return out
	}
	for id, r := range ix.recs {
		if s, ok := recordClock(r.text); ok && s >= from && s <= to {
			out = append(out, int32(id))
		}
	}
	return out
}

// clockSpan returns the first and last second of the day a written time
// ("18:45", "18:45:02") stands for.
func clockSpan(key string) (from, to int, ok bool) {
	parts := strings.Split(key, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, 0, false
	}
	n := make([]int, 3)
	for i, p := range parts {
		if p == "" || len(p) > 2 || !allDigits(p) {
			return 0, 0, false
		}
		for _, d := range p {
			n[i] = n[i]*10 + int(d-'0')
		}
	}
	from = n[0]*3600 + n[1]*60 + n[2]
	if len(parts) == 2 {
		return from, from + 59, true
	}
	return from, from, true
}

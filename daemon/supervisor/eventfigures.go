package supervisor

import (
	"strconv"
	"strings"
)

// eventFigures returns the figures msg writes of what stem starts: "37
// events", "12 throttling events" (up to two words between) or "total
// events = 37". It reads them by hand, not with a regexp built from the
// stem, because it runs for every count an answer gives.
func eventFigures(msg, stem string) []int {
	var out []int
	last := 0 // the end of the last figure read: figures do not overlap
	for from := 0; from <= len(msg); {
		i := strings.Index(msg[from:], stem)
		if i < 0 {
			break
		}
		p := from + i
		from = p + 1
		if keyWord(msg, p) {
			// "35 request_id=…" writes no figure of requests: the word
			// is a field's name, and the number before it another's.
			if v, end, ok := figureAfter(msg, p+len(stem)); ok && p >= last && (p == 0 || !isWordByte(msg[p-1])) {
				out = append(out, v)
				last, from = end, end
			}
		} else if v, ok := figureBefore(msg, p, last); ok {
			out = append(out, v)
			last, from = p+len(stem), p+len(stem)
		} else if p >= last && (p == 0 || !isWordByte(msg[p-1])) {
			if v, end, ok := figureAfter(msg, p+len(stem)); ok {
				out = append(out, v)
				last, from = end, end
			}
		}
	}
	return out
}

// keyWord reports whether the word at p is a field's name such as
// "request_id" or "events_total": it holds an underscore.
func keyWord(msg string, p int) bool {
	for q := p; q < len(msg) && isWordByte(msg[q]); q++ {
		if msg[q] == '_' {
			return true
		}
	}
	return false
}

// figureBefore reads the number up to three words before p ("37 events",
// "37 cpu throttling events"), the farthest one, starting at floor or
// later.
func figureBefore(msg string, p, floor int) (v int, ok bool) {
	end := p
	for k := 0; k < 3; k++ {
		gap := end
		for gap > 0 && isSpaceByte(msg[gap-1]) {
			gap--
		}
		if gap == end || gap == 0 {
			break
		}
		start := gap
		for start > 0 && !isSpaceByte(msg[start-1]) {
			start--
		}
		ds := gap
		for ds > start && isDigit(msg[ds-1]) {
			ds--
		}
		if ds < gap && ds >= floor && (ds == start || !isWordByte(msg[ds-1])) {
			v, _ = strconv.Atoi(msg[ds:gap])
			ok = true
		}
		for j := start; j < gap; j++ {
			if !isWordByte(msg[j]) && msg[j] != '-' {
				return v, ok
			}
		}
		end = start
	}
	return v, ok
}

// figureAfter reads "= 37" after the rest of the word at q.
func figureAfter(msg string, q int) (v, end int, ok bool) {
	for q < len(msg) && isWordByte(msg[q]) {
		q++
	}
	for q < len(msg) && isSpaceByte(msg[q]) {
		q++
	}
	if q == len(msg) || msg[q] != '=' {
		return 0, 0, false
	}
	q++
	for q < len(msg) && isSpaceByte(msg[q]) {
		q++
	}
	end = q
	for end < len(msg) && isDigit(msg[end]) {
		end++
	}
	if end == q {
		return 0, 0, false
	}
	v, _ = strconv.Atoi(msg[q:end])
	return v, end, true
}

// isWordByte is regexp's \w.
func isWordByte(b byte) bool { return isAlnumByte(b) || b == '_' }

// isSpaceByte is regexp's \s.
func isSpaceByte(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f'
}

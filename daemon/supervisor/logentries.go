package supervisor

import "regexp"

// PostgreSQL's syslog lines number each entry and its lines ("[5-1]",
// "[5-2]"): an entry's DETAIL, HINT and STATEMENT lines ("Failed process
// was running: SELECT …") continue the line that names the process they
// are about ("server process (PID 1873) was terminated"), though they
// repeat only the logger's own PID. They are of that process too. The
// entry is the logger's PID and the entry's number, read from the
// journal's "postgres[702]: [5-2]" or, in a record of the message alone,
// from the log line's own prefix ("[5-2] 2026-11-25 07:54:31.689 UTC
// [702]").
var (
	entryLineRe   = regexp.MustCompile(`\[(\d+)\]: \[(\d+)-(\d+)\]`)
	entryPrefixRe = regexp.MustCompile(`\[(\d+)-(\d+)\]\s+(?:\S+\s+){0,3}\[(\d+)\]`)
)

// maxEntryLines bounds how many records after a line its entry's other
// lines are looked for in.
const maxEntryLines = 16

// entryLine returns a record's entry, its logger's PID and number, and
// the line's number in it; ok is false for a record of no such entry.
func entryLine(text string) (entry, line string, ok bool) {
	if m := entryLineRe.FindStringSubmatch(text); m != nil {
		return m[1] + "/" + m[2], m[3], true
	}
	if m := entryPrefixRe.FindStringSubmatch(text); m != nil {
		return m[3] + "/" + m[1], m[2], true
	}
	return "", "", false
}

// withEntryLines returns recs and the records that continue their
// entries: up to the next line of another entry or a new entry's first.
func (ix *index) withEntryLines(recs []int32) []int32 {
	out := recs
	for _, id := range recs {
		entry, _, ok := entryLine(ix.recs[id].text)
		if !ok {
			continue
		}
		for next := id + 1; next < int32(len(ix.recs)) && next <= id+maxEntryLines; next++ {
			e, line, ok := entryLine(ix.recs[next].text)
			if !ok {
				continue // the time of a typed entry, a blank
			}
			if e != entry || line == "1" {
				break
			}
			out = append(out, next)
		}
	}
	return out
}

package supervisor

import (
	"regexp"
	"strings"
)

// "loop1 is read-only", "loop2: 2G, writable": whether a block device is
// read-only is lsblk's RO column for its row, which the typed rows do
// not carry and no word of the row says. A read-only mount ("mounted
// read-only") is the filesystem's option, not the device's flag, and is
// not read here.

var (
	// readOnlyRe and writableRe say a device's state.
	readOnlyRe = regexp.MustCompile(`(?i)\b(?:read[- ]?only|write[- ]protected|ro\s*[=:]?\s*1)\b`)
	writableRe = regexp.MustCompile(`(?i)\b(?:writ(?:e)?able|read[- /]write|ro\s*[=:]?\s*0)\b`)
	// stateNegated turns the state after it round: "is not read-only".
	stateNegated = regexp.MustCompile(`(?i)(?:\bnot|n[’']t|\bnever)\s+$`)
	// mountedBefore ends a span whose state is a mount's option.
	mountedBefore = regexp.MustCompile(`(?i)\b(?:re)?mount(?:ed|s)?\s+(?:as\s+|it\s+)?$`)
)

// lsblkReadOnly maps each device in lsblk's table to its RO column.
func (ix *index) lsblkReadOnly() map[string]bool {
	out := map[string]bool{}
	for _, b := range ix.lsblkRows() {
		if b.ro >= 0 {
			out[b.name] = b.ro == 1
		}
	}
	return out
}

// checkReadOnlyDevices reports a device said to be read-only, or
// writable, whose lsblk row says otherwise, read from the device's span
// (deviceSpan).
func checkReadOnlyDevices(ix *index, g *Grounding, answer string, claims []claim) {
	var ro map[string]bool
	for i, c := range claims {
		if c.class != classDevice || c.advice {
			continue
		}
		said, known := deviceStateSaid(deviceSpan(answer, claims, i))
		if !known {
			continue
		}
		if ro == nil {
			ro = ix.lsblkReadOnly()
		}
		if is, listed := ro[strings.TrimPrefix(strings.ToLower(c.text), "/dev/")]; listed && is != said {
			state := "writable"
			if said {
				state = "read-only"
			}
			g.Missing = append(g.Missing, c.text+" ("+state+")")
		}
	}
}

// deviceStateSaid reads the first read-only or writable word of a span,
// unless it is a mount's option.
func deviceStateSaid(span string) (readOnly, known bool) {
	r := readOnlyRe.FindStringIndex(span)
	w := writableRe.FindStringIndex(span)
	m, said := r, true
	if m == nil || w != nil && w[0] < m[0] {
		m, said = w, false
	}
	if m == nil || mountedBefore.MatchString(span[:m[0]]) {
		return false, false
	}
	if stateNegated.MatchString(span[:m[0]]) {
		said = !said // "is not read-only"
	}
	return said, true
}

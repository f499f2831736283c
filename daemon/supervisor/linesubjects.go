package supervisor

import (
	"regexp"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A kernel message often opens with the hardware it is about: "CPU1: Core
// temperature above threshold, cpu clock throttled (total events = 37)",
// "ata3: SATA link down". That subject is an entity like a disk: an
// answer's "CPU0 … at 18:55:59 (37 events total)" ties the time and the
// count to CPU0, and they must come from a line that names CPU0, not from
// CPU1's line beside it.

// lineSubject is a word of letters then digits opening a journal message,
// before its colon (the plain journal line's or typed data's message).
var lineSubject = regexp.MustCompile(`(?:^message |\]: |kernel: )([a-z][a-z_]*\d[a-z0-9_]*): `)

// learnSubject records the subject of a lowercased journal line, unless a
// word list already knows it (eth0 is an interface, sdb1 a partition).
func (ix *index) learnSubject(line string) {
	// The regexp has no literal prefix, so Go tries it at every byte:
	// most evidence lines (ps, df, ss rows) cannot match and skip it.
	if !strings.HasPrefix(line, "message ") && !strings.Contains(line, "]: ") && !strings.Contains(line, "kernel: ") {
		return
	}
	m := lineSubject.FindStringSubmatch(line)
	if m == nil || lexicon.IsInterface(m[1]) || lexicon.IsBlockDevice(m[1]) || lexicon.IsUnit(m[1]) {
		return
	}
	if _, ok := ix.entities[m[1]]; !ok {
		ix.entities[m[1]] = classDevice
	}
}

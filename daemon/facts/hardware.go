package facts

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
	"github.com/jjgarcianorway/anna-assistant/hardware"
)

// snapshotNames are the names the prompt's hardware snapshot prints its
// facts under ("- cpu_model: AMD EPYC 9654").
var snapshotNames = lexicon.NewSet(strings.Join(hardware.FieldNames(), " "))

// checkSnapshotField checks a hardware fact with no subject whose field is
// a snapshot name: {"line":0,"subject":"","field":"cpu_model","value":"AMD
// EPYC"} reads "cpu_model: AMD EPYC", the snapshot's own words, so the
// name stands as the subject and the value must be on that name's line.
// ok is false for any other fact, which is checked as usual.
func (e *Evidence) checkSnapshotField(f Fact) (why string, ok bool) {
	field := norm(f.Field)
	if f.Line != 0 || norm(f.Subject) != "" || !snapshotNames[field] {
		return "", false
	}
	value := norm(f.Value)
	for _, l := range e.hwLines {
		if rest, found := strings.CutPrefix(l, field+" "); found && hasWord(rest, value) {
			return "", true
		}
	}
	return "not the hardware snapshot's " + field, true
}

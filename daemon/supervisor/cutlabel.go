package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// valueLabels name a field whose value follows the label ("PID 1122",
// "port 22", "UID 987", "exit code 137"): a reply ending on one, with no
// value after it, lost the value. The number after one is a value, not
// a count (classify.go): "exit code 137 means the job was killed" says no
// 137 "means".
var valueLabels = lexicon.NewSet(`pid pids port ports uid gid address addr ip ipv4 ipv6 code status signal fd`)

// labelLeads join a value label straight to the phrase before it ("with
// PID", "on port", "as UID"); a determiner between them ("with its PID",
// "on that port") makes the label a noun that ends a whole sentence.
var labelLeads = lexicon.NewSet(`with on at of from to via as under using`)

// cutLabel reports a reply that ends, unpunctuated, on a value label right
// after a preposition ("… is **cc1plus** with PID", "… listening on port"):
// the model stopped before the value the label announces. "… with its PID"
// names the PID as a thing and is whole; so is any reply ending in a stop.
func cutLabel(words []string) bool {
	n := len(words)
	if n < 3 {
		return false
	}
	last := words[n-1]
	if strings.ContainsAny(last[len(last)-1:], ".!?)\"'`") {
		return false
	}
	bare := func(w string) string { return strings.ToLower(strings.Trim(w, "*_")) }
	if !valueLabels[bare(last)] || strings.HasSuffix(words[n-2], ",") {
		return false
	}
	return labelLeads[bare(words[n-2])]
}

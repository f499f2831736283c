package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// "Running" also names a mode or a trend, not a process that runs: "the
// md0 array is running degraded", "md0 is running on one disk", "the
// disk is running low on space", "it is running hot". Such a "running"
// says nothing a ps row could show, so it is no state claim.

// runningModes after "running" make it a mode or trend.
var runningModes = lexicon.NewSet(`degraded low out hot short behind late`)

// runningCounts and runningMembers make "running on one disk", "running
// with a single device", "running on 1 device" a degraded array's mode.
var (
	runningCounts  = lexicon.NewSet(`one 1 a single only just remaining working healthy good`)
	runningMembers = lexicon.NewSet(`disk disks device devices drive drives member members mirror leg half`)
)

// runningIdiom reports whether words[i], "running", opens such an idiom.
func runningIdiom(words []string, i int) bool {
	if words[i] != "running" || i+1 >= len(words) {
		return false
	}
	next := words[i+1]
	if runningModes[next] {
		return true
	}
	if next == "in" && i+2 < len(words) && (words[i+2] == "degraded" || i+3 < len(words) && words[i+3] == "degraded") {
		return true // "running in degraded mode", "running in a degraded state"
	}
	if next != "on" && next != "with" && next != "without" {
		return false
	}
	if next == "without" && i+2 < len(words) && words[i+2] == "redundancy" {
		return true
	}
	for k := i + 2; k < min(len(words), i+5); k++ {
		if runningMembers[words[k]] {
			return true
		}
		if !runningCounts[words[k]] {
			return false
		}
	}
	return false
}

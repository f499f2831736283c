package supervisor

import (
	"regexp"
	"strings"
)

// "reprepro PID 1437 is in state Rs", "java's state is S (sleeping)": a
// process state said of a process is the STAT column of its ps row. The
// process is the nearest PID before the state, else the nearest ps name
// before it. A state of one letter is the state alone and agrees with any
// modifiers ps prints after it ("S" for "Ss"); a state with modifiers
// must be ps's own. Named states ("running", "zombie") are read only
// after the word state: "reprepro is running" says it exists, not its
// STAT.

var statCodeRe = regexp.MustCompile(`^[rsdtwxzi][<nsl+]*$`)

// stateNames are the states ps's letters stand for.
var stateNames = map[string]string{
	"running": "r", "runnable": "r", "sleeping": "s", "uninterruptible": "d",
	"zombie": "z", "defunct": "z", "stopped": "t", "idle": "i",
}

// psStateReach bounds how far before a state its process is looked for.
const psStateReach = 8

// checkProcessStates reports the process states of a sentence's words.
func checkProcessStates(ix *index, g *Grounding, ws []string) {
	for i, w := range ws {
		if w != "state" && w != "stat" {
			continue
		}
		j := i + 1
		if at(ws, j) == "is" || at(ws, j) == "of" {
			j++
		}
		code := at(ws, j)
		if n, ok := stateNames[code]; ok {
			code = n
		} else if !statCodeRe.MatchString(code) {
			continue
		}
		if anyOf(ws[max(0, i-psStateReach):i], kthreadHedges) {
			continue // "not in state D", "looks like state Z"
		}
		stats, who := ix.ownerStats(ws, i)
		if len(stats) == 0 {
			continue
		}
		if statAgrees(stats, code) {
			g.Found = append(g.Found, "state "+code)
		} else {
			g.Missing = append(g.Missing, "state "+code+" of "+who)
		}
	}
}

// ownerStats returns the STAT fields of the process a state at i is said
// of (see above) and the word that names it.
func (ix *index) ownerStats(ws []string, i int) ([]string, string) {
	for k := i - 1; k >= 0 && k >= i-psStateReach; k-- {
		if pid, ok := kthreadPID(ws, k); ok {
			return psStats(ix, ix.psRows(int(pid))), ws[k]
		}
	}
	for k := i - 1; k >= 0 && k >= i-psStateReach; k-- {
		var rows []int32
		for _, id := range ix.tokens[ws[k]] {
			r := ix.recs[id]
			if cmd := psCommand(r.text); isPSRow(r) && cmd != "" && commandName(cmd) == ws[k] {
				rows = append(rows, id)
			}
		}
		if len(rows) > 0 {
			return psStats(ix, rows), ws[k]
		}
	}
	return nil, ""
}

// psStats returns the STAT fields of ps aux rows, lowercased.
func psStats(ix *index, rows []int32) []string {
	var out []string
	for _, id := range rows {
		if fs := strings.Fields(ix.recs[id].text); len(fs) > 10 && statCodeRe.MatchString(strings.ToLower(fs[7])) {
			out = append(out, strings.ToLower(fs[7]))
		}
	}
	return out
}

// statAgrees reports a state that one of stats is: the letter alone, or
// the whole field.
func statAgrees(stats []string, code string) bool {
	for _, st := range stats {
		if st == code || len(code) == 1 && st[0] == code[0] {
			return true
		}
	}
	return false
}

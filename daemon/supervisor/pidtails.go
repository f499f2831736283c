package supervisor

import "strings"

// A sentence may end on a list of PIDs and then a list of as many figures
// ("…, followed by firefox-esr (PID 733) at 62.6% and two Go compile
// processes (PIDs 2610 and 2782) at 36.7% and 35.0%"): the two lists pair
// in order, as in parallelPIDs, though earlier PIDs and figures of the
// sentence stand apart. The figures must be one list ("36.7% and 35.0%",
// "1.2%, 0.8% and 0.5%"), not figures of different things.

// pairedPIDs returns the PIDs and figures of a sentence that pair in
// order: all of them (parallelPIDs), or the trailing lists; as is nil when
// none do.
func pairedPIDs(answer string, as, figs []claim) ([]claim, []claim) {
	if pids := parallelPIDs(as, figs); pids != nil {
		return pids, figs
	}
	var pids []claim
	for _, a := range as {
		if a.class == classPID {
			pids = append(pids, a)
		}
	}
	if len(pids) == 0 {
		return pairedNames(answer, as, figs) // pairednames.go
	}
	last := pids[len(pids)-1].off
	k := 0
	for k < len(figs) && figs[k].off < last {
		k++
	}
	tail := figs[k:]
	if len(tail) < 2 || len(pids) < len(tail) || !figureList(answer, tail) {
		return nil, figs
	}
	own := pids[len(pids)-len(tail):]
	if k > 0 && own[0].off < figs[k-1].off {
		return nil, figs // a figure stands between the PIDs
	}
	return own, tail
}

// figureList reports figures of one kind joined only by commas and "and".
func figureList(answer string, figs []claim) bool {
	for i := 1; i < len(figs); i++ {
		if figs[i].kind != figs[0].kind {
			return false
		}
		from := figs[i-1].off + len(figs[i-1].text)
		if from > figs[i].off || figs[i].off > len(answer) {
			return false
		}
		switch strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(answer[from:figs[i].off]), ",")) {
		case "", "and":
		default:
			return false
		}
	}
	return true
}

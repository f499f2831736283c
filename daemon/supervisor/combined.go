package supervisor

import (
	"regexp"
	"strconv"
)

// "Firefox (PID 4242) uses more memory than all the other processes
// combined": the subject's share of the measure against the sum of every
// other ps row's. ps lists only the top rows, and the unlisted ones add
// to the others, so the claim is missing when the listed others already
// reach the subject's value; otherwise it is not judged. The subject is
// the PIDs named before "than" (after it in "all the other processes
// combined use less … than X"), else its first process name (all its
// rows); the measure is the sentence's memory or CPU words.

// othersLessRe reads the reverse: "all the other processes combined use
// less memory than Firefox", whose subject follows "than".
var othersLessRe = regexp.MustCompile(`(?i)\b(?:all\s+(?:of\s+)?(?:the\s+)?other\s+(?:processes|programs)|everything\s+else|the\s+rest(?:\s+of\s+the\s+processes)?)\s+(?:combined|together|put\s+together)\s+[^.;!?\n]*?\b(?:less|fewer|smaller|lower)\b[^.;!?\n]*?\bthan\b`)

var othersCombinedRe = regexp.MustCompile(`(?i)\b(?:more|bigger|larger|greater|higher)\b[^.;!?\n]*?\bthan\s+(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:other|rest|everything\s+else|every(?:thing)?\s+other)\b[^.;!?\n]*?\b(?:combined|together|put\s+together|added\s+up|summed)\b`)

// checkOthersCombined reports a subject said to use more than all other
// processes combined where the listed others already use as much.
func checkOthersCombined(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	for k, f := range facts {
		sp := f.at
		text := answer[sp.start:sp.end]
		lo, hi := 0, 0 // the subject's claims lie in [lo, hi) of the answer
		if m := othersCombinedRe.FindStringIndex(text); m != nil {
			lo, hi = sp.start, sp.start+m[0]
		} else if m := othersLessRe.FindStringIndex(text); m != nil {
			lo, hi = sp.start+m[1], sp.end
		} else {
			continue
		}
		ws := plainWords(text)
		col := ""
		switch {
		case anyOf(ws, memoryWords):
			col = "%mem"
		case anyOf(ws, cpuWords):
			col = "%cpu"
		default:
			continue
		}
		var pids, procs []claim
		for _, c := range claims {
			if c.sent != k || c.off < lo || c.off >= hi || c.advice || c.positional || c.soft {
				continue
			}
			switch c.class {
			case classPID:
				pids = append(pids, c)
			case classProcess:
				procs = append(procs, c)
			}
		}
		subject := pids
		if len(subject) == 0 && len(procs) > 0 {
			subject = procs[:1]
		}
		if len(subject) == 0 {
			continue
		}
		vals := ix.pidValues(col)
		own := map[string]bool{}
		for _, c := range subject {
			for _, id := range ix.anchorRecords(c) {
				if pid, ok := recordPID(ix.recs[id]); ok {
					own[pid] = true
				}
			}
		}
		mine, others := 0.0, 0.0
		for pid, v := range vals {
			if own[pid] {
				mine += v
			} else {
				others += v
			}
		}
		if len(own) > 0 && others >= mine {
			g.Missing = append(g.Missing, subject[0].text+" (not more than the others combined: "+strconv.FormatFloat(others, 'f', 1, 64)+"%)")
		}
	}
}

// recordPID returns the PID a ps record holds.
func recordPID(r record) (string, bool) {
	for _, v := range r.values {
		if v.col == "pid" {
			return strconv.FormatFloat(v.iv.lo, 'f', 0, 64), true
		}
	}
	return "", false
}

// pidValues returns a ps percentage column's value for each PID.
func (ix *index) pidValues(col string) map[string]float64 {
	out := map[string]float64{}
	for _, r := range ix.recs {
		pid, ok := recordPID(r)
		if !ok {
			continue
		}
		for _, v := range r.values {
			if v.col == col && v.kind == kindPercent {
				out[pid] = (v.iv.lo + v.iv.hi) / 2
				break
			}
		}
	}
	return out
}

package supervisor

import "math"

// Percentages an answer works out itself (see derived) are checked
// against what the evidence printed where it printed a share:
//
//   - "/dev/vda: 252G size, 24G used – only 10% used": 24/252 is 10%, but
//     df printed Use% 26% for that row (used over used plus available);
//     a share the entity's record prints decides, within one point.
//   - "Memory usage is 4.3Gi of 23Gi, which is about 28%": a percentage
//     naming no entity, in a sentence that gives the machine's memory in
//     sizes, is a share of memory: free's, or the ratio of two of those
//     sizes; not a df Use% that happens to be near it.

// printedShareDiffers reports whether the records of a derived
// percentage's entity print a percentage of a compatible column and none
// within one point of it.
func (ix *index) printedShareDiffers(c claim, recs []int32) bool {
	p := (c.ivs[0].lo + c.ivs[0].hi) / 2
	printed := false
	for _, id := range recs {
		for _, v := range ix.recs[id].values {
			if v.kind != kindPercent || !compatible(c.field, v.col) {
				continue
			}
			if math.Abs((v.iv.lo+v.iv.hi)/2-p) <= 1 {
				return false
			}
			printed = true
		}
	}
	return printed
}

// memorySizes returns the sizes of c's sentence when it names no entity,
// one of its sizes is the machine's memory (see ramScoped), none is
// swap's and its clause names no other resource, or nil.
func memorySizes(answer string, c claim, claims []claim, as []claim) []claim {
	if c.kind != kindPercent || len(as) > 0 || c.advice || c.bound != 0 || c.facts.sum || (c.field != "" && c.field != "used" && c.field != "memory") {
		return nil
	}
	for _, w := range plainWords(answer[min(c.clause, c.off):c.off]) {
		if diskNouns[w] || cpuWords[w] || w == "swap" || w == "load" {
			return nil // "… and the disk is 25% used"
		}
	}
	var out []claim
	ram := false
	for _, s := range claims {
		if s.sent != c.sent || s.kind != kindSize {
			continue
		}
		if s.swap {
			return nil
		}
		ram = ram || s.ram
		out = append(out, s)
	}
	if !ram {
		return nil
	}
	return out
}

// virtualOf reports a size after "virtual size of" or "total-vm of" (the
// kernel's name for it), which is a virtual size, not a whole.
func virtualOf(answer string, c claim) bool {
	ws := plainWords(answer[max(0, c.off-maxLabel):min(c.off, len(answer))])
	if len(ws) == 0 || ws[len(ws)-1] != "of" {
		return false
	}
	ws = ws[:len(ws)-1]
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-2; k-- {
		if fieldWords[ws[k]] == "virtual" || ws[k] == "vm" && k > 0 && ws[k-1] == "total" {
			return true
		}
	}
	return false
}

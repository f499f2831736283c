package supervisor

import "slices"

// eachMiss returns a PID of a group a figure is said of "each" ("PIDs
// 1462, 1464 and 1466 each use between 130 and 140 MiB", "… 0.5% of RAM
// apiece") whose records lack the figure: a figure said of each member
// must hold for every one, not only for the nearest. The group is the PIDs
// of c's sentence before c; "each" must lie between the first of them
// and c, or "apiece"/"each" within three words after c.
func (ix *index) eachMiss(answer string, c claim, as []claim) *claim {
	if c.advice || c.bound != 0 || c.facts.sum || (c.kind != kindSize && c.kind != kindPercent) {
		return nil
	}
	var pids []claim
	for _, a := range as {
		if a.kind == kindPID && a.off < c.off {
			pids = append(pids, a)
		}
	}
	if len(pids) < 2 {
		return nil
	}
	before := plainWords(answer[pids[0].off:c.off])
	after := plainWords(answer[c.off+len(c.text) : min(len(answer), c.off+len(c.text)+24)])
	after = after[:min(len(after), 3)] // "0.5% of RAM apiece"
	if !slices.Contains(before, "each") && !slices.Contains(after, "apiece") && !slices.Contains(after, "each") {
		return nil
	}
	for i, p := range pids {
		if !ix.inRecords(c, ix.anchorRecords(p)) {
			return &pids[i]
		}
	}
	return nil
}

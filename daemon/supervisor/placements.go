package supervisor

import (
	"regexp"
	"strings"
)

// "The two overlay mounts under /var/lib/docker/overlay2 show the same
// 96% because they sit on that filesystem": a causal clause that only
// places mounts on a filesystem ("they sit on that filesystem", "because
// they are on the same device") is no invented cause but a claim about
// df's rows, checked as one: the mounts the sentence names (or the df
// mounts under a path it names) must sit on the filesystem of the mount
// or device named last before the sentence (overlaybacking.go reads an
// overlay's). A placement on a filesystem the evidence does not show them
// on is missing.

// placementClause matches a causal clause that is such a placement.
var placementClause = regexp.MustCompile(`^(?:because|since|as)\s+(?:they|it|both|all|each|these|those|both of them|all of them)\s+(?:all\s+|both\s+)?(?:sit|sits|live|lives|reside|resides|are|is|were|was)\s+(?:all\s+|both\s+)?(?:on|in)\s+(?:that|the same|this|one|the|its|their)\s+(?:filesystem|file system|device|disk|partition|volume|mount)s?\s*[.!]?$`)

// placementCause reports a causal clause that is a placement (see above).
func placementCause(clause string) bool {
	return placementClause.MatchString(strings.TrimSpace(asciiLower(clause)))
}

// checkPlacements reports placement clauses whose mounts are not on the
// filesystem named before their sentence.
func checkPlacements(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	rows := ix.dfRows()
	for k, f := range facts {
		sent := answer[f.at.start:min(f.at.end, len(answer))]
		low := asciiLower(sent)
		at := -1
		for _, m := range []string{" because ", " since "} {
			if i := strings.Index(low, m); i >= 0 && placementCause(sent[i+1:]) {
				at = f.at.start + i
			}
		}
		if at < 0 {
			continue
		}
		// The filesystem: the last mount or device named before.
		target := ""
		for _, c := range claims {
			if c.sent >= k {
				break
			}
			if m, ok := ix.resolveMount(c, rows); ok && !c.advice {
				target = m.source
			}
		}
		if target == "" {
			continue
		}
		var placed []int
		for _, c := range claims {
			if c.sent != k || c.off >= at || c.class != classPath {
				continue
			}
			for i, r := range rows {
				if r.mount == c.key || under(r.mount, c.key) && !isRowMount(rows, c.key) {
					placed = append(placed, i)
				}
			}
		}
		if len(placed) == 0 {
			continue
		}
		for _, i := range placed {
			if rows[backingRow(rows, i)].source != target {
				g.Missing = append(g.Missing, rows[i].mount+" (not on "+target+")")
				break
			}
		}
	}
}

// isRowMount reports a df row mounted at path.
func isRowMount(rows []dfRow, path string) bool {
	for _, r := range rows {
		if r.mount == path {
			return true
		}
	}
	return false
}

package supervisor

import (
	"regexp"
	"strings"
)

// systemd logs how a unit's main process ended as fields: "Main process
// exited, code=exited, status=2/INVALIDARGUMENT", "code=dumped,
// status=11/SEGV". An answer that copies such a field says it of the
// entity before it (or its sentence's first, or the one an opening "Its"
// refers to), so a line of that entity must have it: status=2 is
// backup.service's exit, not app.service's.

// exitField is a copied code= or status= field.
var exitField = regexp.MustCompile(`\b(?:code|status)=[a-z0-9/_-]*[a-z0-9]`)

// checkExitFields reports exit fields no line of their entity has.
func checkExitFields(ix *index, g *Grounding, answer string, facts []sentenceFacts, anchors map[int][]claim, records map[int][]int32) {
	for k, f := range facts {
		if f.advice || f.general || len(f.blank) != f.at.end-f.at.start || !strings.Contains(f.blank, "=") {
			continue
		}
		low := strings.ToLower(f.blank)
		for _, m := range exitField.FindAllStringIndex(low, -1) {
			field := low[m[0]:m[1]]
			a := nearestAnchor(claim{off: f.at.start + m[0], paren: -1}, anchors[k])
			if a == nil {
				continue
			}
			ok := false
			for _, id := range records[a.off] {
				ok = ok || containsBounded(ix.recs[id].text, field, false)
			}
			if ok {
				g.Found = append(g.Found, field)
			} else {
				g.Missing = append(g.Missing, field+" (for "+a.text+")")
			}
		}
	}
}

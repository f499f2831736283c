package supervisor

import "strconv"

// "There are 5 `php-fpm: pool www` workers": a backticked process title
// names no entity the answer's words anchor, but it is exact ps text, so
// its count is of the ps rows holding it (the largest over the tables).

// quotedInstances reports the count of a backticked title's processes; it
// returns false when no ps row holds the title.
func (ix *index) quotedInstances(g *Grounding, c instCount) bool {
	var ps []int32
	for id, r := range ix.recs {
		if r.probe == "top_memory" || r.probe == "top_cpu" {
			ps = append(ps, int32(id))
		}
	}
	recs := ix.naming(ps, c.name)
	if len(recs) == 0 {
		return false
	}
	what := c.name + " (" + strconv.Itoa(c.n) + " processes)"
	if have := ix.psInstances(recs, c.n, c.atLeast); have == c.n {
		g.Found = append(g.Found, what)
	} else if have >= 0 {
		g.Missing = append(g.Missing, "not "+what)
	}
	return true
}

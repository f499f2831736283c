package supervisor

import (
	"strconv"
	"strings"
)

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

// unblankTitle reads a count's backticked title from the answer itself: a
// title of three or more words is evidence text, which the sentence's own
// reading blanks as a quotation ("5 `php-fpm: pool www` workers" reads as
// "5 `                 ` workers"), leaving the count no name, or only the
// role noun after it ("four `php-fpm: pool www` worker processes").
func unblankTitle(c instCount, answer string) instCount {
	if c.n < 0 || c.from < 0 || c.to > len(answer) || c.to <= c.from {
		return c
	}
	raw := strings.TrimSpace(strings.ToLower(answer[c.from:c.to]))
	shut := strings.IndexByte(raw[min(1, len(raw)):], '`') + 1
	if len(raw) < 3 || raw[0] != '`' || shut <= 1 {
		return c
	}
	title := strings.TrimSpace(raw[1:shut])
	for _, w := range strings.Fields(raw[shut+1:]) {
		if !roleNouns[w] {
			return c // "`nginx` master process": not the title alone
		}
	}
	if title == "" || strings.Contains(c.name, title) {
		return c
	}
	c.name, c.quoted = title, true
	return c
}

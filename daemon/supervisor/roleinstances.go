package supervisor

import (
	"strconv"
	"strings"
)

// "nginx has a master process, PID 24100, and 3 worker processes": a
// count whose name is only a role noun counts the processes of that role
// of the program the sentence has named before it. ps titles them
// "nginx: worker process", so the count is of the program's rows whose
// title gives that role; where no row of the program does ("gunicorn
// runs 4 workers" with plain command lines), the evidence does not say
// which rows are workers and the count is left unjudged.

// roleInstances reports a role count against the rows of the last
// program named before it in its sentence.
func (ix *index) roleInstances(g *Grounding, c instCount, anchors []claim, records map[int][]int32) {
	role := strings.TrimSuffix(c.name, "s")
	if c.name == "" || !roleNouns[c.name] || c.atLeast {
		return
	}
	var prog *claim
	for i, a := range anchors {
		if a.off >= c.from {
			break
		}
		if a.class == classProcess && !roleNouns[a.key] {
			prog = &anchors[i] // "nginx", not the "master" of "a master process"
		}
	}
	if prog == nil {
		return
	}
	recs := ix.naming(records[prog.off], prog.key+": "+role)
	if len(recs) == 0 {
		return
	}
	what := prog.text + " " + c.name + " (" + strconv.Itoa(c.n) + " processes)"
	if have := ix.psInstances(recs, c.n, false); have == c.n {
		g.Found = append(g.Found, what)
	} else if have >= 0 {
		g.Missing = append(g.Missing, "not "+what)
	}
}

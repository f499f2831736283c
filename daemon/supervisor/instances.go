package supervisor

import (
	"regexp"
	"strconv"
	"strings"
)

// "There are 4 go vet processes running", "firefox runs two processes":
// a count of a named program's processes is a claim even when it is small
// (unitless integers up to 10 are no claims elsewhere). It must be the
// number of distinct PIDs of that program in a ps table of the evidence
// (the largest over the tables, which list different rows).

// instancesRe reads a count, up to three words and a noun of instances.
var instancesRe = regexp.MustCompile(`(?:^|[^\w.])(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+((?:[\w./*:` + "`" + `-]+\s+){0,3})(?:processes|instances|workers|copies)\b`)

// instCount is a sentence's "N <name> processes": its count n (-1
// without one), where its name may stand (from the count to the noun, or
// for "X runs N processes" from the sentence's start), the name as
// written between them, and whether it counts those a predicate selects
// ("two python3 processes hold the most memory": at least n rows).
type instCount struct {
	n, from, to int
	name        string
	atLeast     bool
	quoted      bool // the name is backticked: a process title as ps prints it
}

// instancesIn returns the count of a sentence's "N <name> processes".
func instancesIn(sentence string) instCount {
	low := strings.ToLower(sentence)
	m := instancesRe.FindStringSubmatchIndex(low)
	if m == nil {
		return instCount{n: -1}
	}
	c := instCount{n: countOf(low[m[2]:m[3]]), to: m[2], atLeast: selecting(low[:m[2]], low[m[1]:])}
	if m[4] == m[5] {
		return c // "firefox runs two processes": the name is the subject.
	}
	// A process title may hold a colon and be set in bold: "5 **php-fpm:
	// pool www** workers" counts the rows of "php-fpm: pool www".
	c.from, c.to, c.name = m[4], m[5], strings.TrimSpace(strings.NewReplacer("`", "", "*", "").Replace(low[m[4]:m[5]]))
	raw := strings.TrimSpace(low[m[4]:m[5]])
	c.quoted = strings.Count(raw, "`") == 2 && raw[0] == '`' && raw[len(raw)-1] == '`' && c.name != ""
	return c
}

// ssPID reads a socket owner's PID in ss's users column; maxSocketOwners
// bounds how many are read from one line.
var ssPID = regexp.MustCompile(`pid=(\d{1,10})`)

const maxSocketOwners = 16

// psInstances returns want when the records of one ps table, or of all
// tables and sockets together, give that many distinct PIDs for an entity
// ("three in the top memory list", "four ollama processes listen"), or
// at least that many when atLeast;
// else the most one ps table gives, or -1 when none of its records is a
// process row.
func (ix *index) psInstances(recs []int32, want int, atLeast bool) int {
	pids := map[string]map[float64]bool{}
	seen := false
	for _, id := range recs {
		r := ix.recs[id]
		if r.probe != "top_memory" && r.probe != "top_cpu" && r.probe != "listening_ports" {
			continue
		}
		add := func(table string, pid float64) {
			// The ps tables list their top rows only; every PID of the
			// name anywhere (a socket's owner) is a process too.
			for _, t := range []string{table, "any"} {
				if pids[t] == nil {
					pids[t] = map[float64]bool{}
				}
				pids[t][pid] = true
			}
		}
		if r.probe == "listening_ports" {
			for _, m := range ssPID.FindAllStringSubmatch(r.text, maxSocketOwners) {
				if p, err := strconv.Atoi(m[1]); err == nil {
					add(r.probe, float64(p))
				}
			}
			continue
		}
		for _, v := range r.values {
			if v.col == "pid" {
				seen = true
				add(r.probe, v.iv.lo)
			}
		}
	}
	if !seen {
		return -1
	}
	most := -1
	for t, set := range pids {
		if len(set) == want || atLeast && len(set) > want {
			return want
		}
		if t != "any" {
			most = max(most, len(set))
		}
	}
	return most
}

// checkInstances reports a count of a program's processes that no ps
// table of the evidence shows.
func checkInstances(ix *index, g *Grounding, facts []sentenceFacts, anchors map[int][]claim, records map[int][]int32) {
	for k, f := range facts {
		c := f.inst
		if c.n < 0 || c.to <= c.from {
			continue
		}
		if c.quoted && ix.quotedInstances(g, c) {
			continue // instquoted.go
		}
		counted := false
		for _, a := range anchors[k] {
			// "6 /pause processes": a path that is the count's whole
			// name is the binary its ps rows run.
			binary := a.class == classPath && c.name == a.key
			if a.class != classProcess && !binary || a.off < c.from || a.off >= c.to {
				continue
			}
			recs := records[a.off]
			// "go vet" processes are not every go's, but "python" ones
			// are python's rows, not those of a path ending in python.
			if named := ix.namingPrefix(recs, c.name, a.key); len(named) > 0 && c.name != a.key {
				recs = named
			} else if c.name != "" && c.name != a.key {
				break // "Go linker processes": what the rows call them is unknown
			}
			if have := ix.psInstances(recs, c.n, c.atLeast); have >= 0 && have != c.n {
				g.Missing = append(g.Missing, a.text+" (not "+strconv.Itoa(c.n)+" processes)")
			} else if have == c.n {
				g.Found = append(g.Found, a.text+" ("+strconv.Itoa(c.n)+" processes)")
			}
			instancePIDs(g, a, recs, anchors[k], c.to, records)
			counted = true
			break
		}
		if !counted {
			ix.roleInstances(g, c, anchors[k], records) // roleinstances.go
		}
	}
}

// naming returns the records of recs that hold name as a whole phrase.
func (ix *index) naming(recs []int32, name string) []int32 {
	if name == "" {
		return nil
	}
	var out []int32
	for _, id := range recs {
		if containsBounded(ix.recs[id].text, name, false) {
			out = append(out, id)
		}
	}
	return out
}

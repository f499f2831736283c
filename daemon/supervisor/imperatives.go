package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A report may end in an order to the user: "The OOM kill was a memory
// cgroup event, so check the memory limit of the pod with `kubectl
// describe pod`". After ", so" or ", then" a clause has its own subject
// ("…, so the pod was killed"); one that opens with an advice verb and
// its object is an imperative, and what it names (a command, a tool) is
// what the user could run, not what this machine shows. The report
// before it is still judged.

// clauseLinks open a clause after a report.
var clauseLinks = []string{", so ", ", then ", ", and then "}

// imperativeObjects follow an imperative's verb: "check the …", "run
// `df -h`", "compare it with …"; not "so close to full", "so limit
// reached".
var imperativeObjects = lexicon.NewSet(`the a an it them this that these those its their your whether if with for all any`)

// imperativeClause returns where an imperative clause of a lowercased
// sentence starts, or -1.
func imperativeClause(low string) int {
	first := -1
	for _, link := range clauseLinks {
		for off := 0; ; {
			i := strings.Index(low[off:], link)
			if i < 0 || first >= 0 && off+i > first {
				break
			}
			pos := off + i
			off = pos + len(link)
			verb, rest, _ := strings.Cut(low[off:], " ")
			obj := strings.Fields(rest)
			if adviceVerbs[verb] && len(obj) > 0 && (imperativeObjects[obj[0]] || strings.HasPrefix(obj[0], "`")) {
				first = pos
				break
			}
		}
	}
	return first
}

// abbrevEnd reports a period at i that ends "e.g.", which goes on with
// the sentence ("compare the limit, e.g. with `kubectl describe pod`"):
// cut there, the example would lose the advice it belongs to. ("i.e."
// still ends one: what it restates, "i.e. all IPv6 addresses, not just
// ::1", is read apart from the socket before it.)
func abbrevEnd(s string, i int) bool {
	return strings.HasSuffix(asciiLower(s[max(0, i-3):i+1]), "e.g.")
}

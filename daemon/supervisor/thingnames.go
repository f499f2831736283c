package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A product name inside a noun phrase for a thing ("dockerd exposes the
// Docker API on 0.0.0.0:2375", "smbd serves the Samba share on 445")
// describes the thing the sentence's subject has: it is no entity the
// figures after it are tied to, so the socket and time are the subject's.
// Only where a name stands before it in its sentence: "the Docker API
// listens on 2375" has no other subject. A kind noun for a process ("the
// Docker daemon") is no thing, and a thing the subject reaches ("proxies
// to the Grafana dashboard on 3000") is the named program's.

// thingNouns are things a program has, not processes.
var thingNouns = lexicon.NewSet(`api apis share shares endpoint endpoints ui dashboard console registry
	volume volumes repository repo config configuration protocol socket sockets web website`)

// thingReach before the phrase makes the thing another's, which the
// subject reaches: "connects to the Docker API on …".
var thingReach = lexicon.NewSet(`to from into towards toward via through behind against`)

// thingArticles open such a noun phrase.
var thingArticles = lexicon.NewSet(`the its a an their his her`)

// withoutThingNames returns claims without the process names that only
// describe a thing of an entity named before them in their sentence.
func withoutThingNames(answer string, claims []claim) []claim {
	return slices.DeleteFunc(slices.Clone(claims), func(c claim) bool {
		if c.class != classProcess || c.kind != kindName || c.off+len(c.text) > len(answer) {
			return false
		}
		before := plainWords(answer[max(0, c.off-12):c.off])
		after := plainWords(answer[c.off+len(c.text) : min(len(answer), c.off+len(c.text)+20)])
		if len(before) == 0 || !thingArticles[before[len(before)-1]] || len(after) == 0 || !thingNouns[after[0]] {
			return false
		}
		if len(before) > 1 && thingReach[before[len(before)-2]] {
			return false // "nginx proxies to the Grafana dashboard on 3000": Grafana's
		}
		if strings.ContainsAny(answer[c.off+len(c.text):min(len(answer), c.off+len(c.text)+2)], ",;:()") {
			return false // "the Docker, API …" is no noun phrase
		}
		for _, o := range claims {
			if o.sent == c.sent && o.off < c.off && (o.class == classProcess || o.class == classPID || o.class == classUnit) {
				return true
			}
		}
		return false
	})
}

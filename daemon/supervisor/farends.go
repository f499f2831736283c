package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A sentence that retells a logged connection ("nginx PID 24102 logged
// an upstream timeout to 127.0.0.1:3000", "nginx timed out waiting for
// 127.0.0.1:3000", "grafana.example.net → 127.0.0.1:3000") names the far
// end a journal line prints ("upstream: \"http://127.0.0.1:3000/…\""),
// not a socket its subject holds: the port of that endpoint is no
// listener's and is not looked for among the subject's sockets. The
// endpoint itself stays a claim, its text on the subject's lines. Only
// where the clause says it so: a connection word before the endpoint
// and no listening verb ("nginx listens on 127.0.0.1:3000" is still a
// listener, and false).

// farEndWords, and an arrow, make the address after them in the same
// clause a connection's far end.
var farEndWords = lexicon.NewSet(`upstream upstreams timeout timeouts timed refused connect connecting connection
	connections reach reaching reached unreachable dial dialing sent sending send forwarded proxied proxying waiting`)

// listenerVerbs make it a socket of the subject's, whatever else the
// clause says.
var listenerVerbs = lexicon.NewSet(`listen listens listening listener bound bind binds serve serves serving
	accept accepts accepting open opens`)

// loggedFarEnd reports whether port claim c is the port of an endpoint a
// log line shows a connection made to (peerPort) and the answer's clause
// tells it as such, with the endpoint also a textual claim of its own.
func (ix *index) loggedFarEnd(answer string, c claim, claims []claim) bool {
	if c.kind != kindPort || c.off > len(answer) || !ix.peerPort(answer, c) && !ix.loggedPort(answer, c) { // farreplies.go
		return false
	}
	twin := !strings.Contains(c.text, ":") // "from 172.30.0.20 port 80": peerPort found the two on one line
	for _, o := range claims {
		if o.off == c.off && o.textual && o.text == c.text {
			twin = true
		}
	}
	if !twin {
		return false
	}
	head := answer[max(0, c.clause):c.off]
	if i := strings.LastIndexByte(head, '\n'); i >= 0 && strings.TrimSpace(head[i+1:]) != "" {
		head = head[i+1:] // a list item is its own clause
	}
	far := false
	for _, w := range plainWords(head) {
		if listenerVerbs[w] {
			return false
		}
		far = far || farEndWords[w]
	}
	return far || strings.Contains(head, "→") || strings.Contains(head, "->") || ix.repliedFrom(answer, c)
}

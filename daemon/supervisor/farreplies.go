package supervisor

import (
	"regexp"
	"strings"
)

// "nginx got Connection refused from 127.0.0.1:3000" names where the
// refusal came from: the errno text a connecting program logs ("connect()
// failed (111: Connection refused) … upstream: \"http://127.0.0.1:3000/…\"")
// is the far end's answer, so the "from" before the endpoint marks no
// inbound connection; so does an HTTP error status a server answered
// ("404 Not Found from 172.30.0.20 port 80"). Only those words right
// before "from" do so: "nginx refused connections from 127.0.0.1:3000" has the subject
// refusing, and is still an inbound peer.
var farReplyFrom = regexp.MustCompile(`(?i)\b(?:connection\s+(?:refused|reset(?:\s+by\s+peer)?)|no\s+route\s+to\s+host|host\s+(?:is\s+)?unreachable|timed\s+out|\b[45]\d\d(?:\s+[a-z]+){1,3})["'”’)]*\s+from\s*$`)

// farReply reports whether the "from" ending before is such an answer's.
func farReply(before string) bool {
	return farReplyFrom.MatchString(before)
}

// spacedPort returns where the address before a "port 80" claim ends
// when only spaces stand between ("404 Not Found from 172.30.0.20 port
// 80", of reprepro's "[IP: 172.30.0.20 80]"), else -1: the port is that
// address's, a far end when a log line prints the two together.
func spacedPort(answer string, c claim) int {
	if !strings.HasPrefix(strings.ToLower(c.text), "port ") {
		return -1
	}
	before := strings.TrimRight(answer[:c.off], " ")
	if len(before) == c.off || before == "" || !isAlnumByte(before[len(before)-1]) {
		return -1
	}
	return len(before)
}

// repliedFrom reports whether the endpoint of port claim c comes right
// after such a reply's "from".
func (ix *index) repliedFrom(answer string, c claim) bool {
	end := c.off + strings.LastIndex(c.text, ":")
	if !strings.Contains(c.text, ":") {
		end = spacedPort(answer, c)
	}
	if end < 0 {
		return false
	}
	_, at := endpointAddr(answer[:end])
	return farReply(answer[max(0, at-60):at])
}

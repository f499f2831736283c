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
	if addr, _ := endpointAddr(before); addr == "" {
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

// loggedPort reports a bare "port 3000", with no address before it,
// that a log line prints as the port of an endpoint connected to
// ("upstream: \"http://127.0.0.1:3000/…\"", no "from" before it): "nginx
// could not reach it on port 3000" tells that connection when its clause
// has a connection word (loggedFarEnd). A port no log line prints so is
// still a listener's.
func (ix *index) loggedPort(answer string, c claim) bool {
	if c.kind != kindPort || !strings.HasPrefix(strings.ToLower(c.text), "port ") || spacedPort(answer, c) >= 0 {
		return false
	}
	return ix.loggedPorts()[c.key]
}

// loggedPorts returns the ports log lines print as an endpoint's
// ("127.0.0.1:3000") with no "from" before it, read once per index: each
// bare port claim asks.
func (ix *index) loggedPorts() map[string]bool {
	if ix.logPorts != nil {
		return ix.logPorts
	}
	ports := map[string]bool{}
	for _, r := range ix.recs {
		if r.probe != "system_logs" {
			continue
		}
		t := r.text
		for i := strings.IndexByte(t, ':'); i >= 0; {
			end := i + 1
			for end < len(t) && isDigit(t[end]) {
				end++
			}
			if end > i+1 && !ports[t[i+1:end]] {
				if addr, at := endpointAddr(t[:i]); addr != "" && wordBefore(t, at) != "from" {
					ports[t[i+1:end]] = true
				}
			}
			next := strings.IndexByte(t[i+1:], ':')
			if next < 0 {
				break
			}
			i += 1 + next
		}
	}
	ix.logPorts = ports
	return ports
}

package supervisor

import "regexp"

// "nginx got Connection refused from 127.0.0.1:3000" names where the
// refusal came from: the errno text a connecting program logs ("connect()
// failed (111: Connection refused) … upstream: \"http://127.0.0.1:3000/…\"")
// is the far end's answer, so the "from" before the endpoint marks no
// inbound connection. Only the errno's own words right before "from" do
// so: "nginx refused connections from 127.0.0.1:3000" has the subject
// refusing, and is still an inbound peer.
var farReplyFrom = regexp.MustCompile(`(?i)\b(?:connection\s+(?:refused|reset(?:\s+by\s+peer)?)|no\s+route\s+to\s+host|host\s+(?:is\s+)?unreachable|timed\s+out)["'”’)]*\s+from\s*$`)

// farReply reports whether the "from" ending before is such an answer's.
func farReply(before string) bool {
	return farReplyFrom.MatchString(before)
}

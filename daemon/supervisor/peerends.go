package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// An address and port written as one endpoint that a log line shows a
// connection made to ("the smtp client couldn't reach
// mx.partner.example[198.51.100.25]:25", from postfix's "connect to
// mx.partner.example[198.51.100.25]:25: Connection timed out") is the
// far end of that connection, not a socket of this machine: it binds no
// listener to the address (checkPortAddrs) and says no listener's reach
// ("couldn't reach" is no "loopback only"). The line must hold the same
// endpoint, with "from" before it just where the answer has one: "an
// inbound connection from 198.51.100.25:25" does not report "connect to
// …[198.51.100.25]:25", so it is still read as a listener's.

// peerPort reports whether a port claim is such an endpoint's.
func (ix *index) peerPort(answer string, c claim) bool {
	if c.kind != kindPort || c.off+len(c.text) > len(answer) {
		return false
	}
	// ":25" after "…[198.51.100.25]", or "198.51.100.25:25" as one claim;
	// or "port 80" right after the address (spacedPort).
	ends := []string{"]:" + c.key, ":" + c.key}
	end := c.off + strings.LastIndex(c.text, ":")
	if !strings.Contains(c.text, ":") {
		if end = spacedPort(answer, c); end < 0 {
			return false
		}
		ends = []string{" " + c.key, " port " + c.key, ":" + c.key, "]:" + c.key}
	}
	addr, tokenAt := endpointAddr(answer[:end])
	if addr == "" {
		return false
	}
	from := wordBefore(answer, tokenAt) == "from" && !farReply(answer[max(0, tokenAt-60):tokenAt]) // farreplies.go
	for _, r := range ix.recs {
		if r.probe != "system_logs" {
			continue // a command line's "--addr 0.0.0.0:2024" is a listener's
		}
		for _, end := range ends {
			if i := boundedIndex(r.text, addr+end); i >= 0 {
				_, at := endpointAddr(r.text[:i+len(addr)])
				if (wordBefore(r.text, at) == "from") == from {
					return true
				}
			}
		}
	}
	return false
}

// endpointAddr returns the address that ends before (a bracket closing
// it, "…[198.51.100.25]"), lowercased, and where the whitespace-bounded
// token holding it starts ("mx.partner.example[198.51.100.25]").
func endpointAddr(before string) (string, int) {
	s := strings.TrimSuffix(before, "]")
	i := len(s)
	for i > 0 && (isAlnumByte(s[i-1]) || s[i-1] == '.' || s[i-1] == ':') {
		i--
	}
	addr := strings.ToLower(s[i:])
	if !lexicon.IsIPv4(addr) && !isIPv6(addr) {
		return "", 0
	}
	start := strings.LastIndexAny(before[:i], " \t\n") + 1
	return addr, start
}

// wordBefore returns the lowercased word before offset at, "" at none.
func wordBefore(text string, at int) string {
	ws := plainWords(text[max(0, at-40):at])
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// boundedIndex returns where key starts in text with no digit, letter or
// dot right before it and none of its digits going on after it, or -1.
func boundedIndex(text, key string) int {
	return indexBounded(text, key, 0, func(i, end int) bool {
		return (i == 0 || !isAlnumByte(text[i-1]) && text[i-1] != '.') && (end == len(text) || !isDigit(text[end]))
	})
}

// withoutPeerPorts returns claims without the ports of such endpoints.
func (ix *index) withoutPeerPorts(answer string, claims []claim) []claim {
	var out []claim
	for i, c := range claims {
		if ix.peerPort(answer, c) {
			if out == nil {
				out = append([]claim{}, claims[:i]...)
			}
			continue
		}
		if out != nil {
			out = append(out, c)
		}
	}
	if out == nil {
		return claims
	}
	return out
}

// hasTextBracketed reports whether text holds an IPv4 endpoint key
// ("198.51.100.25:25") as a log writes it after a host name, the address
// in brackets: "mx.partner.example[198.51.100.25]:25".
func hasTextBracketed(text string, c claim) bool {
	addr, _, ok := hostPort(c.key)
	if !ok || !lexicon.IsIPv4(addr) || !strings.Contains(text, "]:") {
		return false
	}
	return containsBounded(text, "["+addr+"]"+c.key[len(addr):], true)
}

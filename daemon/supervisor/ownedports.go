package supervisor

import (
	"regexp"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A listener list names a program's ports and where they are bound, the
// ports joined by "and", commas or "plus": "- master (Postfix, PID
// 26950): 25 and 587 on 0.0.0.0", "named (PID 26992): port 53 …, plus
// 953 on 127.0.0.1". Such bare numbers are ports: a run of them right
// before "on" and a socket address, in a line that names their owner (a
// process, unit or PID) before them. A count by address ("14 listening
// sockets: 11 on 0.0.0.0 and 3 on [::]") names no owner and stays a count.

// portRunJoin is what may part two ports of such a run.
var portRunJoin = regexp.MustCompile(`^\s*(?:,\s*(?:and\s+|plus\s+)?|and\s+|or\s+|plus\s+|&\s*)$`)

// portRunOn is what may part the run's last port from its address: "on",
// after a protocol perhaps ("53 TCP and UDP on …").
var portRunOn = regexp.MustCompile(`^\s*(?:(?:tcp|udp)(?:\s*(?:and|/|\+)\s*(?:tcp|udp))?\s+)?on\s+$`)

// ownedPortRuns turns such runs of counts into ports.
func ownedPortRuns(text string, claims []claim) {
	for i := 0; i < len(claims); {
		if !barePort(claims[i]) || !ownerBefore(text, claims, i) {
			i++
			continue
		}
		j := i
		for j+1 < len(claims) && barePort(claims[j+1]) {
			end := claims[j].off + len(claims[j].text)
			if end > claims[j+1].off || !portRunJoin.MatchString(strings.ToLower(text[end:claims[j+1].off])) {
				break
			}
			j++
		}
		if addrAfter(text, claims, j) {
			for k := i; k <= j; k++ {
				c := &claims[k]
				p, _ := lexicon.Port(c.text)
				c.kind, c.port, c.key, c.ivs = kindPort, p, c.text, nil
			}
		}
		i = j + 1
	}
}

// barePort reports a count that may be a port: bare digits, more than 10.
func barePort(c claim) bool {
	if c.kind != kindCount || c.noun != "" || !allDigits(c.text) {
		return false
	}
	p, ok := lexicon.Port(c.text)
	return ok && p > 10
}

// addrAfter reports whether the claim after claims[j] is a socket address
// that "on" ties the port run ending at j to.
func addrAfter(text string, claims []claim, j int) bool {
	if j+1 >= len(claims) {
		return false
	}
	next := claims[j+1]
	end := claims[j].off + len(claims[j].text)
	if next.off < end || socketAddr(next.key) == "" {
		return false
	}
	return portRunOn.MatchString(strings.ToLower(text[end:next.off]))
}

// ownerBefore reports whether the line of claims[i] names a process, unit
// or PID before it, within a list item's span and not past a sentence's end.
func ownerBefore(text string, claims []claim, i int) bool {
	c := claims[i]
	for k := i - 1; k >= 0; k-- {
		p := claims[k]
		between := text[p.off:c.off]
		if c.off-p.off > listItemSpan || strings.Contains(between, "\n") || strings.Contains(between, ". ") {
			return false
		}
		if p.class == classProcess || p.class == classUnit || p.class == classPID {
			return true
		}
	}
	return false
}

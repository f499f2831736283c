package supervisor

import (
	"regexp"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A port can be denied as well as stated: "nothing is listening on port
// 22", "port 80 is not open". Such a claim holds when no socket has the
// port, and is missing when one does.

// portNegations before a port, in its clause, deny that anything uses it.
var portNegations = lexicon.NewSet(`nothing no not none nobody isn't aren't without`)

// portDenied reports whether the answer denies the port claim c: a
// negation and a listening word before it in its clause ("nothing listens
// on port 22", "no service is bound to port 8080"), or "is not" / "isn't"
// right after it ("port 80 is not open"), or "nothing on" before it and
// the ports listed with it ("nothing on 3306 or 5432").
func portDenied(answer string, c claim) bool {
	if c.kind != kindPort {
		return false
	}
	before := plainWords(answer[max(c.clause, c.off-segWindow):min(c.off, len(answer))])
	if len(before) > portWindow {
		before = before[len(before)-portWindow:]
	}
	if nothingOn(before) || notUsual(before) {
		return true // "nothing on 3306 or 5432", "not on the usual 22"
	}
	neg, listen := false, false
	for i, w := range before {
		if exceptWords[w] || w == "other" || w == "but" || w == "only" {
			return false // "nothing is listening except port 2024"
		}
		// "not exposed: it listens on …" denies a reach (exposure.go), not the socket.
		neg = neg || portNegations[w] && !wideWords[at(before, i+1)]
		listen = listen || listenWords[w] || w == "open" || w == "bound" || w == "used"
	}
	if neg && listen {
		return true
	}
	after := plainWords(answer[min(c.off+len(c.text), len(answer)):min(c.off+len(c.text)+40, len(answer))])
	rest := answer[min(c.off+len(c.text), len(answer)):]
	return len(after) >= 2 && ((after[0] == "is" && after[1] == "not") || after[0] == "isn't" || (after[0] == "is" && after[1] == "closed") || portAbsentAfter(after)) &&
		!deniedService(rest) && // "port 5353 is not mDNS"
		!deniedAddrRe.MatchString(rest) // "port 22 is not bound to 127.0.0.1": checkDeniedPlaces
}

// portAbsentWords say a port is missing from the socket table when a "does
// not" precedes them: "port 22 does not appear in the socket list".
var portAbsentWords = lexicon.NewSet(`appear appears show shows exist exists`)

// portAbsentAfter reports whether the words right after a port say it is
// missing from the listing: "does not appear", "doesn't show up", "is
// absent", "is missing".
func portAbsentAfter(after []string) bool {
	switch {
	case after[0] == "is" || after[0] == "was":
		return after[1] == "absent" || after[1] == "missing"
	case after[0] == "doesn" || after[0] == "didn" || after[0] == "does" || after[0] == "did":
		// plainWords splits "doesn't" into "doesn" and "t".
		return (after[1] == "t" || after[1] == "not") && len(after) > 2 && portAbsentWords[after[2]]
	}
	return false
}

// deniedAddrRe reads an address denied of a port right after it: "is
// not bound to 127.0.0.1", "isn't listening on [::]", "is not on
// localhost" (a reach: exposure.go).
var deniedAddrRe = regexp.MustCompile(`(?i)^[\s*` + "`" + `]*(?:is\s+not|isn['’]t|is\s+never)\s+(?:(?:bound|listening|exposed|reachable|open|only)\s+)?` +
	`(?:on|to|at)\s+(?:the\s+)?[*` + "`" + `]*(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]|::1?|[0-9a-f]{1,4}(?::[0-9a-f]{0,4}){2,}|localhost|loopback)`)

// hasPort reports whether a socket holds the port of c: a row of the
// socket table. Another record naming the port is no socket: the brain's
// "port_searched port 8080: no listening socket" states the very absence.
func (ix *index) hasPort(c claim) bool {
	for _, r := range ix.recs {
		if r.probe != "listening_ports" {
			continue
		}
		for _, v := range r.values {
			if v.holdsPort(c.port) {
				return true
			}
		}
	}
	return false
}

// exceptAt returns where the last exception (exceptOpeners: "except",
// "besides", "other than", "aside from", …) before a state said of every
// entity stands in its sentence, or -1: the entities after it are not
// said to be in that state.
func exceptAt(answer string, c claim) int {
	from := max(c.clause, c.off-clauseWindow, 0)
	head := strings.ToLower(answer[from:min(c.off, len(answer))])
	at := -1
	for _, w := range exceptOpeners {
		if i := strings.LastIndex(head, " "+w+" "); i >= 0 {
			at = max(at, i)
		}
	}
	if at < 0 {
		return -1
	}
	return from + at
}

// negatedNameWindow is how many words after a program's name may deny it.
const negatedNameWindow = 6

// negatedName reports a program's name that its sentence denies ("Nginx,
// Apache and MySQL are not installed", "there is no mysqld process",
// "a busy loop rather than a real PostgreSQL dump"), or names only as a
// port's usual owner ("the usual MySQL port": nonnames.go):
// where the evidence lacks it, the denial agrees with the evidence. (A
// denied state the evidence contradicts is checked apart: "nginx is not
// running".)
func negatedName(answer string, c claim) bool {
	end := min(c.off+len(c.text)+segWindow, len(answer))
	if i := strings.IndexAny(answer[min(c.off+len(c.text), end):end], ".;!?\n"); i >= 0 {
		end = c.off + len(c.text) + i
	}
	after := plainWords(answer[min(c.off+len(c.text), end):end])
	for k, w := range after {
		if k >= negatedNameWindow {
			break
		}
		if w == "not" || w == "isn't" || w == "aren't" || w == "isn" || w == "aren" || w == "never" {
			return true
		}
	}
	before := plainWords(answer[max(c.clause, c.off-40, 0):min(c.off, len(answer))])
	return len(before) > 0 && before[len(before)-1] == "no" || contrasted(before) || copulaDenied(before) || usualPort(answer, c) ||
		presenceDeniedName(answer, c) // "I don't see any nginx or mysqld": probelists.go
}

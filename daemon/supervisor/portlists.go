package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Which bare numbers are ports: those a port or listen word comes before,
// and those that go on a list of them.

// portWindow is how many words before a bare number may say it is a port,
// and listenWindow how many may say it listens ("listen on 0.0.0.0: sshd
// (22), nginx (443) and annad (7070)").
const (
	portWindow   = 8
	listenWindow = 12
)

// portContext reports a bare number after a protocol ("TCP 3306"), in a
// list of ports ("two ports are bound to 127.0.0.1: 5432 (postgres) and
// 6379") or of listeners ("six TCP listeners: 2024, 6000"), or one that
// follows such a port in a list.
func portContext(words []string, i int) bool {
	if i > 0 && exitStatusWords[words[i-1]] {
		return false // "exited with status=98" a few words after "the port"
	}
	if i > 0 && protocol(words[i-1]) != "" {
		return true // "TCP 3306": a protocol names its port
	}
	if nothingOn(words[:i]) {
		return true // "nothing on 3306"
	}
	if serviceOn(words, i) {
		return true // "the HTTPS server on 443", "SSH on 22" (services.go)
	}
	if i > 0 && serveVerbs[words[i-1]] && (i+1 == len(words) || serveJoins[words[i+1]]) {
		return true // "nginx serves 80 and 443"; "serves 12 sites" counts
	}
	if i > 1 && words[i-1] == "on" && socketNouns[words[i-2]] {
		return true // "a UDP socket on 8472": what a socket is on is its port
	}
	return portListed(words, i, maxListHops)
}

// exitStatusWords name the number after them as a process's exit status
// ("status=98", "exit code 1"), never a port.
var exitStatusWords = lexicon.NewSet(`status code`)

// listGap is how many words may part two ports of one list ("22, nginx on
// 443"), and maxListHops how many items back a list is followed: "sshd on
// 22, nginx on 443, …, redis-server on 6379 and annad on 7070" lists
// ports long after its "listen".
const (
	listGap     = 4
	maxListHops = 8
)

// portListed is portContext following a list at most hops items back.
func portListed(words []string, i, hops int) bool {
	for k := i - 1; k >= 0 && k >= i-listenWindow; k-- {
		if (words[k] == "port" || words[k] == "ports") && k >= i-portWindow || listenWords[words[k]] || listenerNouns[words[k]] && (k == i-1 || words[i-1] == "on" && k >= i-portWindow) {
			return true
		}
	}
	for k := i - 1; k >= 0 && k >= i-listGap && hops > 0; k-- {
		if allDigits(words[k]) {
			_, ok := lexicon.Port(words[k])
			return ok && len(words[k]) > 1 && (portListed(words, k, hops-1) || serviceOn(words, k))
		}
	}
	return false
}

// listenerNouns name listening sockets like a listen word does, for the
// number right after them ("listeners: 2024, 6000") or after "on" a few
// words on ("the listeners are sshd on 22"): in "listeners: 5005/udp
// socat 7738" 7738 is socat's PID.
var listenerNouns = lexicon.NewSet(`listener listeners`)

// serveVerbs say a program serves the number after them, a port where no
// noun follows it, only a join (serveJoins) or the sentence's end.
var (
	serveVerbs = lexicon.NewSet(`serve serves serving`)
	serveJoins = lexicon.NewSet(`and or plus on over`)
)

// socketNouns are the nouns whose "on N" is a port; CPU sockets are
// counted ("2 sockets"), never "on" a number.
var socketNouns = lexicon.NewSet(`socket sockets`)

// listItemSpan is how many bytes an item of a list of ports may take,
// with its annotations: "9000 on 0.0.0.0 (socat, PID 5371), 6000 on …".
const listItemSpan = 120

// listedPorts turns into ports the bare numbers that open an item of a
// list whose earlier item, in the same sentence, is a port: "2024 on
// 0.0.0.0 (no process shown), 9000 on 0.0.0.0 (socat, PID 5371), 6000 on
// 127.0.0.1". An item opens after a comma, semicolon or "and"/"or"; a
// number that does not ("sshd, which has 15 threads") stays a count.
func listedPorts(text string, claims []claim) {
	bulletPorts(text, claims) // a list under a heading of ports: listheads.go
	for i := range claims {
		c := &claims[i]
		if c.kind != kindCount || !allDigits(c.text) || c.noun != "" {
			continue
		}
		p, ok := lexicon.Port(c.text)
		if !ok || p <= 10 || !opensItem(text[:c.off]) {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			prev := claims[j]
			if c.off-prev.off > listItemSpan || strings.Contains(text[prev.off:c.off], "\n") || strings.Contains(text[prev.off:c.off], ". ") {
				break
			}
			if prev.kind == kindCount && allDigits(prev.text) && listNext(text[prev.off+len(prev.text):c.off]) {
				break // "extensions 1001, 1002 and 1003": the item before is a count
			}
			if prev.kind == kindPort {
				c.kind, c.port, c.key, c.ivs = kindPort, p, c.text, nil
				break
			}
		}
	}
}

// listNext reports whether only a list's separator parts two items
// (", ", " and ", ", or ").
func listNext(between string) bool {
	switch strings.ToLower(strings.Trim(between, " *")) {
	case ",", "and", "or", ", and", ", or", ";":
		return true
	}
	return false
}

// opensItem reports whether the text before a word ends a list item: a
// comma, a semicolon, "and" or "or" (bold marks aside).
func opensItem(before string) bool {
	before = strings.TrimRight(before, " *")
	if strings.HasSuffix(before, ",") || strings.HasSuffix(before, ";") {
		return true
	}
	low := strings.ToLower(before)
	return strings.HasSuffix(low, " and") || strings.HasSuffix(low, " or")
}

// nothingOn reports words that end in "nothing on" ("nothing is on",
// "nothing listening on", "no listeners on"), with perhaps the earlier ports of a list after
// it ("nothing on 3306 or"): the number after them is a port denied.
func nothingOn(words []string) bool {
	k := len(words) - 1
	for k >= 0 && (allDigits(words[k]) || words[k] == "or" || words[k] == "and" || words[k] == "nor" || words[k] == "port" || words[k] == "ports") {
		k--
	}
	if k < 1 || words[k] != "on" {
		return false
	}
	k--
	if words[k] == "is" || listenWords[words[k]] || listenerNouns[words[k]] || words[k] == "services" || words[k] == "sockets" {
		k--
	}
	return k >= 0 && (words[k] == "nothing" || words[k] == "none" || words[k] == "nobody" ||
		words[k] == "no" && k+1 < len(words) && words[k+1] != "on")
}

package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// Which bare numbers are ports: those a port or listen word comes before,
// and those that go on a list of them.

// portWindow is how many words before a bare number may say it is a port,
// and listenWindow how many may say it listens ("listen on 0.0.0.0: sshd
// (22), nginx (443) and annad (7070)").
const (
	portWindow   = 8
	listenWindow = 12
)

// portContext reports a bare number in a list of ports ("two ports are
// bound to 127.0.0.1: 5432 (postgres) and 6379") or of listeners, or one
// that follows such a port in a list.
func portContext(words []string, i int) bool {
	return portListed(words, i, maxListHops)
}

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
		if (words[k] == "port" || words[k] == "ports") && k >= i-portWindow || listenWords[words[k]] {
			return true
		}
	}
	for k := i - 1; k >= 0 && k >= i-listGap && hops > 0; k-- {
		if allDigits(words[k]) {
			_, ok := lexicon.Port(words[k])
			return ok && len(words[k]) > 1 && portListed(words, k, hops-1)
		}
	}
	return false
}

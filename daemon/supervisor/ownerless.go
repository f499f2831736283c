package supervisor

import (
	"slices"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A service said to be what a port is where ss shows the port's sockets
// with no owning process ("Port 2024 is the SSH server" beside
// "0.0.0.0:2024 … " with no users column) names what the evidence cannot
// tell: nothing shows which program listens. Such a claim is missing
// unless it is offered as a guess ("probably SSH", "looks like an SSH
// server", "might be SSH"): a guess claims no identity. A denial ("2024
// is not SSH") is not judged either way.

// guessWords before a service in its sentence make it a guess, besides
// the hedges ("probably", "might", "seems to": hedges.go): "looks like",
// "could be", "unknown, maybe SSH".
var guessWords = lexicon.NewSet(`guess looks look seems seem appears appear may could suspect unclear unknown whatever`)

// guessed reports a hedge or guess word among the words before a service.
func guessed(before string) bool {
	return slices.ContainsFunc(plainWords(before), func(w string) bool { return guessWords[w] }) || len(Hedges(before)) > 0
}

// ownerlessService reports a service claimed, not guessed nor denied, of
// a port whose sockets all show no owner.
func ownerlessService(ix *index, sc serviceClaim) bool {
	return !sc.denied && !sc.guess && len(ix.portSockets(sc.port.port)) > 0
}

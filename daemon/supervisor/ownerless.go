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

// guessWords make a claim a guess, besides the hedges ("probably",
// "might", "seems to": hedges.go): "looks like", "could be".
var guessWords = lexicon.NewSet(`guess looks look seems seem appears appear may could suspect`)

// unknownWords before a service say the answer cannot tell it ("unknown,
// maybe SSH"); before a cause they describe it ("an unknown error").
var unknownWords = lexicon.NewSet(`unclear unknown whatever`)

// serviceGuessed reports a guess among the words before a service.
func serviceGuessed(before string) bool {
	return guessed(before) || anyOf(plainWords(before), unknownWords)
}

// canGuess after "can" make it say what may happen, not what does ("you
// can see", "can reach" do not).
var canGuess = lexicon.NewSet(`be happen occur`)

// guessed reports a hedge or guess word in text: a service said of a port
// or a cause offered so claims nothing.
func guessed(text string) bool {
	ws := plainWords(text)
	for i := range ws {
		if guessWord(ws, i) {
			return true
		}
	}
	return len(Hedges(text)) > 0
}

// guessWord reports a guess word or a one-word hedge at ws[i], or "can"
// saying what is possible ("can be caused by", "can happen"); a denied
// modal ("could not write", "couldn't") states a fact.
func guessWord(ws []string, i int) bool {
	if ws[i] == "can" {
		return canGuess[at(ws, i+1)]
	}
	if guessWords[ws[i]] {
		return at(ws, i+1) != "not" && at(ws, i+1) != "t" && at(ws, i+1) != "never"
	}
	return slices.ContainsFunc(hedgeSeqs[ws[i]], func(seq []string) bool { return len(seq) == 1 })
}

// ownerlessService reports a service claimed, not guessed nor denied, of
// a port whose sockets all show no owner.
func ownerlessService(ix *index, sc serviceClaim) bool {
	return !sc.denied && !sc.guess && len(ix.portSockets(sc.port.port)) > 0
}

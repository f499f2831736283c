package translator

import (
	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Lead-ins people put before an imperative ("please", "can you", "I want
// to"); they are skipped to find the verb of a request.
var leadIns = [][]string{
	{"please"}, {"pls"}, {"kindly"}, {"can", "you"}, {"could", "you"}, {"would", "you"}, {"will", "you"},
	{"i", "want", "to"}, {"i", "need", "to"}, {"i", "would", "like", "to"}, {"help", "me"},
	{"go", "ahead", "and"}, {"let", "us"}, {"anna"},
}

// requestVerbs change the system. "update" and "open" only count as verbs
// in their imperative spelling ("update my system", not "updates?"), so the
// check uses surface tokens, not stems. "free" needs "up"; "open", "close",
// "block" and "allow" need a following "port".
var requestVerbs = lexicon.NewSet(`install reinstall uninstall remove purge delete upgrade update restart
reload start stop enable disable kill reboot shutdown mount unmount umount format clean fix repair
configure set change add turn switch`)

var portVerbs = lexicon.NewSet(`open close block allow`)

// investigateMarkers signal that something is wrong and the user wants a
// cause: "why …", "troubleshoot", "what's wrong", "keeps dropping",
// "can't resolve", "not working".
var investigateMarkers = lexicon.NewSet(`why troubleshoot diagnose investigate debug wrong problem problems
issue issues broken keeps keep unable failing fails stuck`)

// requestVerbAt returns the position of the imperative verb that starts
// the query, after any lead-ins, or -1.
func requestVerbAt(toks []string) int {
	i := 0
	for skipped := true; skipped; {
		skipped = false
		for _, l := range leadIns {
			if hasSeq(toks, i, l) {
				i += len(l)
				skipped = true
				break
			}
		}
	}
	if i >= len(toks) {
		return -1
	}
	next := ""
	if i+1 < len(toks) {
		next = toks[i+1]
	}
	switch v := toks[i]; {
	case requestVerbs[v]:
		return i
	case v == "free" && next == "up", portVerbs[v] && next == "port":
		return i
	}
	return -1
}

// intentOf classifies q: a leading imperative is a request; otherwise any
// investigation marker or "not"/"can not" makes it an investigation;
// everything else is a question.
func intentOf(q query) string {
	if requestVerbAt(q.tokens) >= 0 {
		return rpc.IntentRequest
	}
	for i, tok := range q.tokens {
		if investigateMarkers[tok] {
			return rpc.IntentInvestigate
		}
		// "can not", "will not", "does not work", "is not working"
		if tok == "not" && i > 0 && (q.tokens[i-1] == "can" || q.tokens[i-1] == "will" ||
			(i+1 < len(q.tokens) && (q.tokens[i+1] == "work" || q.tokens[i+1] == "working"))) {
			return rpc.IntentInvestigate
		}
	}
	return rpc.IntentQuestion
}

func hasSeq(toks []string, at int, seq []string) bool {
	if at+len(seq) > len(toks) {
		return false
	}
	for k, w := range seq {
		if toks[at+k] != w {
			return false
		}
	}
	return true
}

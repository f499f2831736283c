package translator

import (
	"fmt"
	"slices"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Fixed clarification questions; the rules are in the package doc.
const (
	// QuestionHelp answers "help" and "help me".
	QuestionHelp = "What can I help with? Ask about memory, CPU, disks, network, services or packages, for example \"which process uses the most memory?\""
	// QuestionTopic is asked when nothing in the query points to a domain.
	QuestionTopic = "Which do you want to know about: memory, CPU, disks, network or services?"
)

// MaxClarifyConfidence caps the confidence of a ticket that asks back, so it
// never counts as translator_confident.
const MaxClarifyConfidence = 0.3

// clarifyExempt are the words that make a one- or two-word query clear.
var clarifyExempt = []string{"cpu", "memory", "ram"}

// topics lists, per domain, what a user can ask about.
var topics = map[string]string{
	rpc.DomainSystem:   "memory, CPU, running processes, failed services or recent errors",
	rpc.DomainNetwork:  "IP addresses, routes, DNS or listening ports",
	rpc.DomainStorage:  "free space, partitions or disks",
	rpc.DomainSecurity: "exposed ports, SSH, the firewall or failed logins",
	rpc.DomainPackages: "installing, removing or updating a package",
}

var domainNoun = map[string]string{
	rpc.DomainSystem:   "the system",
	rpc.DomainNetwork:  "the network",
	rpc.DomainStorage:  "storage",
	rpc.DomainSecurity: "security",
	rpc.DomainPackages: "packages",
}

// clarification returns the question to ask back, or nil when the query is
// clear enough. verb is the position of a leading imperative or -1.
func clarification(q query, matched bool, domain string, verb int, ents []entity) *string {
	if isHelp(q.tokens) {
		return ptr(QuestionHelp)
	}
	short := q.typed <= 2 && !slices.ContainsFunc(q.words, func(w string) bool {
		return slices.Contains(clarifyExempt, w)
	})
	if !short && matched {
		return nil
	}
	if !matched {
		return ptr(QuestionTopic)
	}
	switch {
	case verb >= 0 && len(ents) > 0:
		v, e := q.tokens[verb], ents[0].name
		return ptr(fmt.Sprintf("Should I %s %s? Please ask in a full sentence, such as \"please %s %s\".", v, e, v, e))
	case verb >= 0:
		return ptr(fmt.Sprintf("What should I %s? Please name it in a full sentence.", q.tokens[verb]))
	case len(ents) > 0:
		return ptr(fmt.Sprintf("What do you want to know about %s: %s?", ents[0].name, topics[domain]))
	}
	return ptr(fmt.Sprintf("What do you want to know about %s: %s?", domainNoun[domain], topics[domain]))
}

func isHelp(toks []string) bool {
	return slices.Equal(toks, []string{"help"}) || slices.Equal(toks, []string{"help", "me"})
}

func ptr(s string) *string { return &s }

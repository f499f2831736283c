package translator

import (
	"math"
	"slices"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// SourceKeywords marks tickets made by Keywords. Such a ticket is a
// fallback after the LLM translator failed, and never earns
// translator_confident.
const SourceKeywords = "keywords"

// DefaultDomain is the domain of a ticket when nothing points elsewhere:
// the system specialist knows the machine as a whole.
const DefaultDomain = rpc.DomainSystem

// verbBonus is added to the term at a request's leading verb: the verb of
// an imperative names the domain ("remove the old kernels" is about
// packages even though "kernel" is a system word).
const verbBonus = 2

// crossDomainWeight is the weight from which a term of another domain still
// brings its probes: "services exposed to the internet" is security, but
// "internet" still wants the addresses. Weaker hints of other domains bring
// only the journal, which covers every domain ("disk errors").
const crossDomainWeight = 3

// Keywords classifies text with weighted keyword and phrase scoring, the
// fallback when the LLM translator fails. It is deterministic, reads at
// most MaxInputBytes of text, and always returns a ticket that Validate
// leaves unchanged.
func Keywords(text string) rpc.Ticket {
	q := parse(text)
	ents := entities(q)
	verb := requestVerbAt(q.tokens)

	var contribs []hit
	for _, h := range scan(q.words) {
		if h.pos == verb {
			boosted := *h.t
			boosted.weight += verbBonus
			h.t = &boosted
		}
		contribs = append(contribs, h)
	}
	for _, e := range ents {
		if e.hint != nil {
			contribs = append(contribs, hit{t: e.hint, pos: -1})
		}
	}

	scores := make([]float64, len(rpc.Domains))
	for _, c := range contribs {
		scores[slices.Index(rpc.Domains, c.t.domain)] += c.t.weight
	}
	domain, conf, matched := decide(scores)
	intent := intentOf(q)

	t := rpc.Ticket{
		Intent:      intent,
		Domain:      domain,
		Entities:    names(ents),
		NeedsProbes: pickProbes(contribs, domain, intent),
		Confidence:  conf,
		Source:      SourceKeywords,
	}
	if cq := clarification(q, matched, domain, verb, ents); cq != nil {
		t.ClarificationQuestion = cq
		t.Confidence = min(t.Confidence, MaxClarifyConfidence)
	}
	return t
}

// decide picks the highest-scoring domain; ties go to the domain listed
// first in rpc.Domains. Confidence grows with the winning score and shrinks
// with the runner-up's: strength s/(s+1.2) times (0.4 + 0.6·margin), where
// margin is (best−second)/best. One clear topic word alone (weight 3, no
// rival) gives 0.71; a lone weak hint 0.45; two equal rivals at most 0.38.
func decide(scores []float64) (domain string, conf float64, matched bool) {
	best, second := -1, -1
	for i, s := range scores {
		switch {
		case best < 0 || s > scores[best]:
			best, second = i, best
		case second < 0 || s > scores[second]:
			second = i
		}
	}
	s1 := scores[best]
	if s1 <= 0 {
		return DefaultDomain, 0, false
	}
	s2 := 0.0
	if second >= 0 {
		s2 = scores[second]
	}
	strength := s1 / (s1 + 1.2)
	margin := (s1 - s2) / s1
	conf = min(strength*(0.4+0.6*margin), 0.95)
	return rpc.Domains[best], math.Round(conf*100) / 100, true
}

// pickProbes gathers the probes of the terms that point to the chosen
// domain, those of strong terms of other domains and the journal wherever
// it was asked for; an investigation also reads the journal. The result follows the allowlist order.
func pickProbes(contribs []hit, domain, intent string) []string {
	want := map[string]bool{}
	for _, c := range contribs {
		for _, p := range c.t.probes {
			if c.t.domain == domain || c.t.weight >= crossDomainWeight || p == probes.SystemLogs {
				want[p] = true
			}
		}
	}
	if intent == rpc.IntentInvestigate && domain != rpc.DomainPackages {
		want[probes.SystemLogs] = true
	}
	out := []string{}
	for _, id := range probes.IDs {
		if want[id] {
			out = append(out, id)
		}
	}
	return out
}

func names(ents []entity) []string {
	out := make([]string, len(ents))
	for i, e := range ents {
		out[i] = e.name
	}
	return out
}

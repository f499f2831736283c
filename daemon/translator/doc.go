// Package translator turns the user's text into the service desk's ticket
// (spec: "Translator Ticket Format"): intent, domain, entities, the probes
// to run, an optional clarification question and a confidence.
//
// # Keyword fallback
//
// Keywords is the deterministic translator used when the LLM translator
// fails or times out. It tokenizes the text (lowercase, contractions
// expanded, plurals and -ing/-ed forms stemmed, one-letter typos in
// keywords of five letters or more corrected), matches a weighted table of
// words and phrases per domain with the longest phrase first, adds the
// names it recognizes (devices, interfaces, addresses, ports, systemd
// units, well-known programs), and picks the domain with the highest score;
// ties go to the domain listed first in rpc.Domains. The verb that starts a
// request weighs more ("remove the old kernels" is about packages).
// Confidence reflects both the winning score and its margin over the
// runner-up, so it reaches 0.7 only when the query clearly matched one
// domain. It steers clarification only: a keyword ticket (Source
// SourceKeywords) exists because the LLM translator failed, so the
// supervisor never counts it as translator_confident, whatever its
// confidence (supervisor.Confident).
//
// Probes come from the matched terms of the chosen domain, from strong
// terms (weight 3 or more) of other domains, and the journal wherever a
// term asked for it; an investigation ("why…", "troubleshoot", "keeps
// dropping", "can't…") always reads the journal. Package questions request
// no probe: none in the allowlist can see packages.
//
// # Clarification rules
//
// Following the spec's keyword rules, a ticket asks back (and its
// confidence is capped at MaxClarifyConfidence) when:
//
//   - the query is just "help" or "help me" (case and punctuation ignored);
//   - the query has two or fewer typed words, unless one of them is "cpu",
//     "memory" or "ram" — "ram" is how people say memory, so "ram?" is as
//     clear as "memory?";
//   - no term of any domain matched.
//
// Two-word requests ("install htop", "restart nginx") therefore ask for
// confirmation in a full sentence. Every question names what the user can
// ask or say next.
//
// # Validation
//
// Validate is the gate every ticket, especially an LLM's, passes before
// the dispatcher sees it: domains, intents and probe IDs are kept to their
// allowlists and everything else is bounded. A clarification question the
// model wrote is shown to the user as is, so Parse also holds it to
// CheckQuestion (real words, finished, no control characters or random
// code points); a question that fails makes the ticket an error, and the
// desk falls back to Keywords and its fixed questions.
package translator

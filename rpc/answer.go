package rpc

// Domains a specialist covers (spec: service desk).
const (
	DomainSystem   = "system"
	DomainNetwork  = "network"
	DomainStorage  = "storage"
	DomainSecurity = "security"
	DomainPackages = "packages"
)

// Domains lists every domain in a stable order.
var Domains = []string{DomainSystem, DomainNetwork, DomainStorage, DomainSecurity, DomainPackages}

// Ticket intents.
const (
	IntentQuestion    = "question"
	IntentRequest     = "request"
	IntentInvestigate = "investigate"
)

// RequestParams are the params of `request`.
type RequestParams struct {
	Text string `json:"text"`
	// Session ties REPL turns together so follow-up questions have context;
	// empty for a stateless one-shot request.
	Session string `json:"session,omitempty"`
	// RequestID lets the client poll `progress` before the answer arrives;
	// annad makes one up when it is empty. Letters, digits, '-' and '_'.
	RequestID string `json:"request_id,omitempty"`
}

// Answer is the result of `request` (spec: "Response Format").
type Answer struct {
	RequestID          string   `json:"request_id"`
	Version            string   `json:"version"`
	Answer             string   `json:"answer"`
	ReliabilityScore   int      `json:"reliability_score"`
	ReliabilitySignals Signals  `json:"reliability_signals"`
	Domain             string   `json:"domain"`
	Evidence           Evidence `json:"evidence"`
	NeedsClarification bool     `json:"needs_clarification"`
	// ClarificationQuestion is null unless NeedsClarification.
	ClarificationQuestion *string `json:"clarification_question"`
	// Model names the LLM annad called for this request, also when its reply
	// was not used (a keyword fallback, a timeout); empty when none was
	// called or it was unavailable.
	Model string `json:"model,omitempty"`
	// Origin says who wrote the answer: OriginBrain for the fast path's
	// deterministic answers (no LLM call), OriginLLM for the service desk's
	// LLM path, including its timeout and no-model answers. Empty from an
	// annad older than the field; clients treat that as OriginLLM.
	Origin     string `json:"origin,omitempty"`
	DurationMS int64  `json:"duration_ms"`
}

// Values of Answer.Origin.
const (
	OriginBrain = "brain"
	OriginLLM   = "llm"
)

// Signals are the five booleans behind the reliability score.
type Signals struct {
	TranslatorConfident    bool `json:"translator_confident"`
	ProbeCoverage          bool `json:"probe_coverage"`
	AnswerGrounded         bool `json:"answer_grounded"`
	NoInvention            bool `json:"no_invention"`
	ClarificationNotNeeded bool `json:"clarification_not_needed"`
}

// Score is the spec's formula: 20 points per true signal.
func (s Signals) Score() int {
	n := 0
	for _, b := range []bool{s.TranslatorConfident, s.ProbeCoverage, s.AnswerGrounded, s.NoInvention, s.ClarificationNotNeeded} {
		if b {
			n += 20
		}
	}
	return n
}

// Evidence shows exactly what data an answer was built from.
type Evidence struct {
	HardwareFields   []string      `json:"hardware_fields"`
	ProbesExecuted   []ProbeResult `json:"probes_executed"`
	TranslatorTicket Ticket        `json:"translator_ticket"`
	// LastError is e.g. "timeout at translator"; null when nothing failed.
	LastError *string `json:"last_error"`
	// CitedLines are the probe lines the answer cites, in the order first
	// cited, each once: the model ends a sentence with the numbers of the
	// lines it comes from ("[12]", "[12, 14]"), and the answer text has
	// those brackets removed. Only numbers of lines the model was shown
	// are listed. Never null: empty when nothing was cited, always for
	// answers no model wrote (the brain's, timeouts, no-model answers).
	CitedLines []CitedLine `json:"cited_lines"`
}

// CitedLine is one probe output line an answer cites.
type CitedLine struct {
	// N is the line's number as the model saw it, from 1, unique across
	// the request's probes.
	N int `json:"n"`
	// Probe is the ID of the probe that printed the line (see
	// ProbeResult.Probe).
	Probe string `json:"probe"`
	// Text is the line as the probe printed it, cut to at most
	// MaxCitedLineBytes bytes on a rune boundary ("…" marks a cut).
	Text string `json:"text"`
}

// MaxCitedLineBytes bounds CitedLine.Text: the whole line is in
// probes_executed, and one cited java command line must not bloat the
// answer.
const MaxCitedLineBytes = 200

// Ticket is the translator's structured reading of the user's text.
type Ticket struct {
	Intent                string   `json:"intent"`
	Domain                string   `json:"domain"`
	Entities              []string `json:"entities"`
	NeedsProbes           []string `json:"needs_probes"`
	ClarificationQuestion *string  `json:"clarification_question"`
	Confidence            float64  `json:"confidence"`
	// Source is "llm" or "keywords": who produced the ticket.
	Source string `json:"source,omitempty"`
}
